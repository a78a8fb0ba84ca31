#!/usr/bin/python3
"""Write the built-in content sets (issue 44) into Assets/sets/<id>/: a manifest.toml each
(the format of docs/schools.md, "Making a picture set"; docs/developers.md "Adding a set") and one picture a thing, drawn like the game's own
(a Noto Color Emoji glyph at 136 px, tools/make_images.py's emoji_icon, written as QOI).

    /usr/bin/python3 tools/make_sets.py          # every set
    /usr/bin/python3 tools/make_sets.py fruit    # the sets whose id contains a word

The standard sets (animals, vehicles) are today's Memory animals and Sorting vehicles, in
their order, with the same pictures as Assets/images/animal-*.qoi and vehicle-*.qoi: the
same seed deals the same game through them. Their spoken names are the game's recordings
(`voice = "animal"`: voice.animal.<id>; Sorting also voice.placed.<id>). Deterministic.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_images as mi  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Assets", "sets")
LANGS = ["en", "fr", "es", "de", "pt-BR", "ar"]


def item(id_, ch, names, category=None, flip=False):
    return {"id": id_, "emoji": ch, "names": dict(zip(LANGS, names)), "category": category, "flip": flip}


SETS = [
    {
        "id": "animals", "game": "memory", "voice": "animal",
        "names": ["Animals", "Animaux", "Animales", "Tiere", "Animais", "حيوانات"],
        "items": [
            item("cat", "\U0001F431", ["cat", "chat", "gato", "Katze", "gato", "قط"]),
            item("dog", "\U0001F436", ["dog", "chien", "perro", "Hund", "cachorro", "كلب"]),
            item("rabbit", "\U0001F430", ["rabbit", "lapin", "conejo", "Hase", "coelho", "أرنب"]),
            item("fox", "\U0001F98A", ["fox", "renard", "zorro", "Fuchs", "raposa", "ثعلب"]),
            item("panda", "\U0001F43C", ["panda", "panda", "panda", "Panda", "panda", "باندا"]),
            item("lion", "\U0001F981", ["lion", "lion", "león", "Löwe", "leão", "أسد"]),
            item("tiger", "\U0001F42F", ["tiger", "tigre", "tigre", "Tiger", "tigre", "نمر"]),
            item("frog", "\U0001F438", ["frog", "grenouille", "rana", "Frosch", "sapo", "ضفدع"]),
            item("monkey", "\U0001F435", ["monkey", "singe", "mono", "Affe", "macaco", "قرد"]),
            item("koala", "\U0001F428", ["koala", "koala", "koala", "Koala", "coala", "كوالا"]),
        ],
    },
    {
        "id": "vehicles", "game": "sorting", "voice": "vehicle",
        "names": ["Vehicles", "Véhicules", "Vehículos", "Fahrzeuge", "Veículos", "مركبات"],
        "items": [
            item("airplane", "\u2708", ["airplane", "avion", "avión", "Flugzeug", "avião", "طائرة"], "air"),
            item("helicopter", "\U0001F681", ["helicopter", "hélicoptère", "helicóptero", "Hubschrauber", "helicóptero", "مروحية"], "air", True),
            item("rocket", "\U0001F680", ["rocket", "fusée", "cohete", "Rakete", "foguete", "صاروخ"], "air"),
            item("ufo", "\U0001F6F8", ["flying saucer", "soucoupe volante", "platillo volante", "fliegende Untertasse", "disco voador", "صحن طائر"], "air"),
            item("parachute", "\U0001FA82", ["parachute", "parachute", "paracaídas", "Fallschirm", "paraquedas", "مظلة"], "air"),
            item("sailboat", "\u26F5", ["sailboat", "voilier", "velero", "Segelboot", "veleiro", "قارب شراعي"], "water"),
            item("speedboat", "\U0001F6A4", ["speedboat", "hors-bord", "lancha", "Motorboot", "lancha", "زورق سريع"], "water", True),
            item("ship", "\U0001F6A2", ["ship", "navire", "barco", "Schiff", "navio", "سفينة"], "water", True),
            item("canoe", "\U0001F6F6", ["canoe", "canoë", "canoa", "Kanu", "canoa", "زورق كانو"], "water"),
            item("ferry", "\u26F4", ["ferry", "ferry", "ferri", "Fähre", "balsa", "عبارة"], "water", True),
            item("car", "\U0001F697", ["car", "voiture", "coche", "Auto", "carro", "سيارة"], "land", True),
            item("bus", "\U0001F68C", ["bus", "bus", "autobús", "Bus", "ônibus", "حافلة"], "land", True),
            item("fire-engine", "\U0001F692", ["fire engine", "camion de pompiers", "camión de bomberos", "Feuerwehrauto", "caminhão de bombeiros", "سيارة إطفاء"], "land", True),
            item("tractor", "\U0001F69C", ["tractor", "tracteur", "tractor", "Traktor", "trator", "جرار"], "land", True),
            item("bicycle", "\U0001F6B2", ["bicycle", "vélo", "bicicleta", "Fahrrad", "bicicleta", "دراجة"], "land"),
        ],
    },
    {
        "id": "farm", "game": "memory", "voice": "animal",
        "names": ["Farm animals", "Animaux de la ferme", "Animales de la granja", "Bauernhoftiere", "Animais da fazenda", "حيوانات المزرعة"],
        "items": [
            item("cow", "\U0001F42E", ["cow", "vache", "vaca", "Kuh", "vaca", "بقرة"]),
            item("pig", "\U0001F437", ["pig", "cochon", "cerdo", "Schwein", "porco", "خنزير"]),
            item("horse", "\U0001F434", ["horse", "cheval", "caballo", "Pferd", "cavalo", "حصان"]),
            item("sheep", "\U0001F411", ["sheep", "mouton", "oveja", "Schaf", "ovelha", "خروف"]),
            item("goat", "\U0001F410", ["goat", "chèvre", "cabra", "Ziege", "cabra", "عنزة"]),
            item("hen", "\U0001F414", ["hen", "poule", "gallina", "Huhn", "galinha", "دجاجة"]),
            item("rooster", "\U0001F413", ["rooster", "coq", "gallo", "Hahn", "galo", "ديك"]),
            item("duck", "\U0001F986", ["duck", "canard", "pato", "Ente", "pato", "بطة"]),
            item("turkey", "\U0001F983", ["turkey", "dinde", "pavo", "Truthahn", "peru", "ديك رومي"]),
            item("mouse", "\U0001F42D", ["mouse", "souris", "ratón", "Maus", "rato", "فأر"]),
        ],
    },
    {
        "id": "fruit", "game": "memory", "voice": "fruit",
        "names": ["Fruit", "Fruits", "Frutas", "Obst", "Frutas", "فواكه"],
        "items": [
            item("apple", "\U0001F34E", ["apple", "pomme", "manzana", "Apfel", "maçã", "تفاحة"]),
            item("banana", "\U0001F34C", ["banana", "banane", "plátano", "Banane", "banana", "موزة"]),
            item("pear", "\U0001F350", ["pear", "poire", "pera", "Birne", "pera", "كمثرى"]),
            item("cherries", "\U0001F352", ["cherries", "cerises", "cerezas", "Kirschen", "cerejas", "كرز"]),
            item("strawberry", "\U0001F353", ["strawberry", "fraise", "fresa", "Erdbeere", "morango", "فراولة"]),
            item("grapes", "\U0001F347", ["grapes", "raisin", "uvas", "Trauben", "uvas", "عنب"]),
            item("orange", "\U0001F34A", ["orange", "orange", "naranja", "Orange", "laranja", "برتقالة"]),
            item("lemon", "\U0001F34B", ["lemon", "citron", "limón", "Zitrone", "limão", "ليمونة"]),
            item("watermelon", "\U0001F349", ["watermelon", "pastèque", "sandía", "Wassermelone", "melancia", "بطيخة"]),
            item("pineapple", "\U0001F34D", ["pineapple", "ananas", "piña", "Ananas", "abacaxi", "أناناس"]),
        ],
    },
    {
        "id": "wildlife", "game": "sorting", "voice": "animal",
        "names": ["Animals of the sky, the water and the land", "Animaux du ciel, de l'eau et de la terre",
                  "Animales del cielo, del agua y de la tierra", "Tiere am Himmel, im Wasser und an Land",
                  "Animais do céu, da água e da terra", "حيوانات السماء والماء واليابسة"],
        "items": [
            item("bird", "\U0001F426", ["bird", "oiseau", "pájaro", "Vogel", "pássaro", "عصفور"], "air"),
            item("butterfly", "\U0001F98B", ["butterfly", "papillon", "mariposa", "Schmetterling", "borboleta", "فراشة"], "air"),
            item("bee", "\U0001F41D", ["bee", "abeille", "abeja", "Biene", "abelha", "نحلة"], "air"),
            item("eagle", "\U0001F985", ["eagle", "aigle", "águila", "Adler", "águia", "نسر"], "air"),
            item("bat", "\U0001F987", ["bat", "chauve-souris", "murciélago", "Fledermaus", "morcego", "خفاش"], "air"),
            item("fish", "\U0001F41F", ["fish", "poisson", "pez", "Fisch", "peixe", "سمكة"], "water"),
            item("whale", "\U0001F433", ["whale", "baleine", "ballena", "Wal", "baleia", "حوت"], "water"),
            item("octopus", "\U0001F419", ["octopus", "pieuvre", "pulpo", "Krake", "polvo", "أخطبوط"], "water"),
            item("crab", "\U0001F980", ["crab", "crabe", "cangrejo", "Krebs", "caranguejo", "سلطعون"], "water"),
            item("dolphin", "\U0001F42C", ["dolphin", "dauphin", "delfín", "Delfin", "golfinho", "دلفين"], "water"),
            item("elephant", "\U0001F418", ["elephant", "éléphant", "elefante", "Elefant", "elefante", "فيل"], "land"),
            item("giraffe", "\U0001F992", ["giraffe", "girafe", "jirafa", "Giraffe", "girafa", "زرافة"], "land"),
            item("camel", "\U0001F42B", ["camel", "chameau", "camello", "Kamel", "camelo", "جمل"], "land"),
            item("zebra", "\U0001F993", ["zebra", "zèbre", "cebra", "Zebra", "zebra", "حمار وحشي"], "land"),
            item("snail", "\U0001F40C", ["snail", "escargot", "caracol", "Schnecke", "caracol", "حلزون"], "land"),
        ],
    },
    {
        "id": "outdoors", "game": "sorting", "voice": "thing",
        "names": ["Sky, sea and land", "Ciel, mer et terre", "Cielo, mar y tierra", "Himmel, Meer und Land", "Céu, mar e terra",
                  "السماء والبحر واليابسة"],
        "items": [
            item("sun", "\u2600", ["sun", "soleil", "sol", "Sonne", "sol", "شمس"], "air"),
            item("moon", "\U0001F319", ["moon", "lune", "luna", "Mond", "lua", "قمر"], "air"),
            item("rainbow", "\U0001F308", ["rainbow", "arc-en-ciel", "arcoíris", "Regenbogen", "arco-íris", "قوس قزح"], "air"),
            item("kite", "\U0001FA81", ["kite", "cerf-volant", "cometa", "Drachen", "pipa", "طائرة ورقية"], "air"),
            item("balloon", "\U0001F388", ["balloon", "ballon", "globo", "Luftballon", "balão", "بالون"], "air"),
            item("shell", "\U0001F41A", ["shell", "coquillage", "concha", "Muschel", "concha", "صدفة"], "water"),
            item("anchor", "\u2693", ["anchor", "ancre", "ancla", "Anker", "âncora", "مرساة"], "water"),
            item("diving-mask", "\U0001F93F", ["diving mask", "masque de plongée", "gafas de buceo", "Taucherbrille", "máscara de mergulho", "قناع غوص"], "water"),
            item("tropical-fish", "\U0001F420", ["tropical fish", "poisson tropical", "pez tropical", "Tropenfisch", "peixe tropical", "سمكة استوائية"], "water"),
            item("pufferfish", "\U0001F421", ["pufferfish", "poisson-globe", "pez globo", "Kugelfisch", "baiacu", "سمكة منتفخة"], "water"),
            item("tree", "\U0001F333", ["tree", "arbre", "árbol", "Baum", "árvore", "شجرة"], "land"),
            item("house", "\U0001F3E0", ["house", "maison", "casa", "Haus", "casa", "بيت"], "land"),
            item("flower", "\U0001F337", ["flower", "fleur", "flor", "Blume", "flor", "زهرة"], "land"),
            item("mushroom", "\U0001F344", ["mushroom", "champignon", "seta", "Pilz", "cogumelo", "فطر"], "land"),
            item("cactus", "\U0001F335", ["cactus", "cactus", "cactus", "Kaktus", "cacto", "صبار"], "land"),
        ],
    },
]


def toml_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def manifest(s):
    out = ["# The built-in set '%s' (written by tools/make_sets.py; docs/developers.md \"Adding a set\")." % s["id"],
           "game = %s" % toml_string(s["game"])]
    out += ["name.%s = %s" % (lang, toml_string(name)) for lang, name in zip(LANGS, s["names"])]
    if s.get("voice"):
        out.append("# Its spoken names are the game's recordings voice.%s.<id>." % s["voice"])
        out.append("voice = %s" % toml_string(s["voice"]))
    for it in s["items"]:
        out += ["", "[[item]]", "id = %s" % toml_string(it["id"]), "picture = %s" % toml_string(it["id"] + ".qoi")]
        out += ["name.%s = %s" % (lang, toml_string(it["names"][lang])) for lang in LANGS]
        if it["category"]:
            out.append("category = %s" % toml_string(it["category"]))
    return "\n".join(out) + "\n"


def main(argv):
    only = argv or None
    total = 0
    for s in SETS:
        if only and not any(o in s["id"] for o in only):
            continue
        folder = os.path.join(OUT, s["id"])
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "manifest.toml"), "w", encoding="utf-8") as f:
            f.write(manifest(s))
        for it in s["items"]:
            data = mi.qoi_bytes(mi.emoji_icon(it["emoji"], 136, flip=it["flip"]))
            with open(os.path.join(folder, it["id"] + ".qoi"), "wb") as f:
                f.write(data)
            total += len(data)
        print("%-10s %-8s %2d items" % (s["id"], s["game"], len(s["items"])))
    print("%d bytes of pictures" % total)


if __name__ == "__main__":
    main(sys.argv[1:])
