import Testing
@testable import GameCore

/// Content sets (issue 44, item 6): the manifest's reading, every kind of bad manifest named
/// with its line, paths that would leave the folder, duplicate ids, too few items, the turns.
@Suite struct ContentSetTests {
    static func memoryManifest(items: Int = 10, extra: String = "") -> String {
        var text = "# a test set\ngame = \"memory\"\nname.en = \"Test\"\nname.fr = \"Essai\"\n" + extra
        for i in 0..<items {
            text += "\n[[item]]\nid = \"thing-\(i)\"\npicture = \"thing-\(i).qoi\"\nname.en = \"thing \(i)\"\n"
        }
        return text
    }

    static func sortingManifest(_ categories: [String]) -> String {
        var text = "game = \"sorting\"\nname.en = \"Things\"\n"
        for (i, c) in categories.enumerated() {
            text += "[[item]]\nid = \"t\(i)\"\npicture = \"t\(i).png\"\nname.en = \"t\(i)\"\ncategory = \"\(c)\"\n"
        }
        return text
    }

    func parse(_ text: String, id: String = "test") -> (set: ContentSet?, game: GameKind?, items: Int, problems: [SetProblem]) {
        SetManifest.parse(text, id: id, file: "/sets/\(id)/manifest.toml", source: .user, path: "/sets/\(id)")
    }

    @Test func test_goodMemoryManifest_givesItsItemsInOrder_namesAndPictureNames() throws {
        let (set, game, count, problems) = parse(Self.memoryManifest())
        #expect(problems.isEmpty, "\(problems)")
        let s = try #require(set)
        #expect(game == .memory && count == 10 && s.items.count == 10)
        #expect(s.items.map(\.id) == (0..<10).map { "thing-\($0)" })
        #expect(s.names == ["en": "Test", "fr": "Essai"])
        #expect(s.name(in: "fr") == "Essai" && s.name(in: "de") == "Test" && s.name(in: "pt-BR") == "Test")
        #expect(s.imageName(of: "thing-3") == "set-test-thing-3")
        #expect(s.items[0].line == 6 && s.items[0].picture == "thing-0.qoi")
        #expect(s.voice == nil && s.itemLine("thing-0") == nil)
    }

    @Test func test_goodSortingManifest_givesItsPool_withCategories() throws {
        let (set, _, _, problems) = parse(Self.sortingManifest(Array(repeating: ["air", "water", "land"], count: 4).flatMap { $0 }))
        #expect(problems.isEmpty, "\(problems)")
        let pool = try #require(set).sortingPool
        #expect(pool.count == 12 && pool[1].category == .water && pool[0].imageName == "set-test-t0")
    }

    @Test func test_crlfCommentsAndEscapes_areRead() throws {
        let text = Self.memoryManifest().replacingOccurrences("\n", "\r\n")
            .replacingOccurrences("name.fr = \"Essai\"", "name.fr = \"\\u00C9ssai # pas un commentaire\"   # un commentaire")
        let (set, _, _, problems) = parse(text)
        #expect(problems.isEmpty, "\(problems)")
        #expect(try #require(set).names["fr"] == "Éssai # pas un commentaire")
    }

    /// Each kind of bad line is named with its line, and the set is not used.
    @Test func test_badLines_areNamedWithTheirLine_andTheSetIsNotUsed() {
        let cases: [(String, Int, String)] = [
            ("game = memory\n", 1, "quoted string"),
            ("game = \"chess\"\n", 1, "game must be"),
            ("game = \"memory\"\nname.en = \"x\nname.en = \"y\"\n", 2, "not closed"),
            ("game = \"memory\"\nname.xx = \"x\"\n", 2, "unknown language"),
            ("game = \"memory\"\nname.en = \"x\"\ncolour = \"red\"\n", 3, "unknown key"),
            ("game = \"memory\"\nname.en = \"x\"\n[items]\n", 3, "unknown table"),
            ("game = \"memory\"\nname.en = \"x\"\njust words\n", 3, "expected 'key"),
            ("game = \"memory\"\nname.en = \"x\"\ngame = \"memory\"\n", 3, "twice"),
        ]
        for (text, line, words) in cases {
            let (set, _, _, problems) = parse(text)
            #expect(set == nil, "\(text)")
            #expect(problems.contains { $0.line == line && $0.message.contains(words) }, "\(text): \(problems)")
            #expect(problems.first { $0.line == line }?.description.hasPrefix("/sets/test/manifest.toml:\(line): ") == true)
        }
    }

    @Test func test_itemProblems_nameTheItemsLine() {
        let base = "game = \"sorting\"\nname.en = \"x\"\n"
        let (_, _, _, noPicture) = parse(base + "[[item]]\nid = \"a\"\nname.en = \"a\"\ncategory = \"air\"\n")
        #expect(noPicture.contains { $0.line == 3 && $0.message.contains("no picture") }, "\(noPicture)")
        let (_, _, _, badCategory) = parse(base + "[[item]]\nid = \"a\"\npicture = \"a.qoi\"\nname.en = \"a\"\ncategory = \"space\"\n")
        #expect(badCategory.contains { $0.line == 7 && $0.message.contains("category must be") }, "\(badCategory)")
        let (_, _, _, twice) = parse(base + "[[item]]\nid = \"a\"\npicture = \"a.qoi\"\nname.en = \"a\"\ncategory = \"air\"\n"
                                     + "[[item]]\nid = \"a\"\npicture = \"b.qoi\"\nname.en = \"b\"\ncategory = \"air\"\n")
        #expect(twice.contains { $0.line == 8 && $0.message.contains("already used by the item on line 3") }, "\(twice)")
        let (_, _, _, memoryCategory) = parse(Self.memoryManifest().replacingOccurrences("picture = \"thing-0.qoi\"", "picture = \"thing-0.qoi\"\ncategory = \"air\""))
        #expect(memoryCategory.contains { $0.message.contains("Sorting sets only") }, "\(memoryCategory)")
    }

    /// A picture is a plain file name: no folder, no '..', no absolute path, a known extension.
    @Test func test_picturesThatWouldLeaveTheFolder_areRefused() {
        for bad in ["../cat.qoi", "/etc/passwd.qoi", "sub/cat.qoi", "..qoi", ".hidden.qoi", "cat.exe", "cat", "cat.qoi.sh", "c\u{0}t.qoi", "cät.qoi"] {
            let text = Self.memoryManifest().replacingOccurrences("picture = \"thing-0.qoi\"", "picture = \"\(bad)\"")
            let (set, _, _, problems) = parse(text)
            #expect(set == nil && problems.contains { $0.line == 8 && $0.message.contains("must be a file name") }, "\(bad): \(problems)")
        }
        #expect(SetManifest.isPlainFileName("Cow_2.PNG", extensions: SetManifest.pictureExtensions))
    }

    @Test func test_tooFewItemsForTheHardLevel_isAProblem() {
        let (set, _, count, problems) = parse(Self.memoryManifest(items: 9))
        #expect(set == nil && count == 9)
        #expect(problems.contains { $0.line == 2 && $0.message.contains("too few for memory's hard level, which needs 10") }, "\(problems)")
        let (sorting, _, _, sortingProblems) = parse(Self.sortingManifest(Array(repeating: "air", count: 11)))
        #expect(sorting == nil && sortingProblems.contains { $0.message.contains("needs 12") })
    }

    @Test func test_missingGameOrEnglishName_andBadFolderName_areProblems() {
        #expect(parse("name.en = \"x\"\n").problems.contains { $0.line == nil && $0.message.contains("no game") })
        #expect(parse(Self.memoryManifest().replacingOccurrences("name.en = \"Test\"\n", "")).problems.contains { $0.message.contains("no name.en") })
        #expect(parse(Self.memoryManifest(), id: "Bad Name").problems.contains { $0.message.contains("not a set id") })
    }

    /// A set may name a family of the game's own recordings (a copied built-in set keeps its voice).
    @Test func test_voiceFamily_namesTheGamesRecordings() {
        let text = Self.memoryManifest(extra: "voice = \"animal\"\n")
        let read = parse(text)
        #expect(read.problems.isEmpty && read.set?.itemLine("thing-1") == "voice.animal.thing-1")
        #expect(read.set?.placedLine("thing-1") == "voice.placed.thing-1")
        #expect(parse(Self.memoryManifest(extra: "voice = \"../x\"\n")).problems.contains { $0.line == 5 && $0.message.contains("voice must be") })
    }

    @Test func test_manyItems_stopAtTheCap() {
        let (set, _, _, problems) = parse(Self.memoryManifest(items: SetManifest.maxItems + 1))
        #expect(set == nil && problems.contains { $0.message.contains("more than \(SetManifest.maxItems) items") })
    }

    // MARK: - The library

    static func entry(_ id: String, _ game: GameKind, source: SetSource = .user, path: String? = nil, problems: [SetProblem] = []) -> SetEntry {
        let set = ContentSet(id: id, game: game, items: (0..<12).map { SetItem(id: "i\($0)", picture: "i\($0).qoi", category: "land") })
        return SetEntry(id: id, source: source, path: path ?? "/\(source.rawValue)/\(id)", set: set, game: game, itemCount: 12, problems: problems)
    }

    @Test func test_duplicateID_keepsTheFirst_andNamesTheSecond() {
        let library = SetLibrary([Self.entry("animals", .memory, source: .builtIn), Self.entry("animals", .memory, source: .user)])
        #expect(library.usable.count == 1 && library.usable[0].source == .builtIn)
        #expect(library.entries[1].set == nil)
        #expect(library.problems.contains { $0.file == "/user/animals" && $0.message.contains("already used by the set in /built-in/animals") })
    }

    @Test func test_turns_rotateAmongAGamesSets_orTheChosenOnes() {
        let library = SetLibrary([Self.entry("a", .memory), Self.entry("s", .sorting), Self.entry("b", .memory), Self.entry("c", .memory),
                                  Self.entry("broken", .memory, problems: [SetProblem("x", "bad")])])
        #expect((0..<4).map { library.pick(.memory, chosen: nil, round: $0)?.id } == ["a", "b", "c", "a"])
        #expect((0..<3).map { library.pick(.memory, chosen: ["c", "a", "s"], round: $0)?.id } == ["a", "c", "a"])
        #expect(library.pick(.sorting, chosen: ["a"], round: 1)?.id == "s", "none of Sorting's chosen: all of Sorting's")
        #expect(library.pick(.memory, chosen: ["broken"], round: 0)?.id == "a", "a set with problems is never played")
        #expect(SetLibrary([]).pick(.memory, chosen: nil, round: 3) == ContentSet.standardAnimals)
        #expect(SetLibrary([]).pick(.balloons, chosen: nil, round: 0) == nil)
    }

    /// The standard sets hold today's animals and vehicles in today's order: the same seed
    /// deals the same deck and row through a set as without one.
    @Test func test_standardSets_dealTodaysDeckAndRow() {
        #expect(ContentSet.standardAnimals.items.map(\.id) == GameContent.animals)
        #expect(ContentSet.standardVehicles.sortingPool == SortingVehicle.pool)
        #expect(ContentSet.standardAnimals.imageName(of: "cat") == "animal-cat")
        #expect(ContentSet.standardVehicles.imageName(of: "bus") == "vehicle-bus")
        for level in Level.allCases {
            var a = SeededGenerator(seed: 7), b = SeededGenerator(seed: 7)
            #expect(MemoryRules(level: level, using: &a).cards == MemoryRules(level: level, faces: ContentSet.standardAnimals.items.map(\.id), using: &b).cards)
            var c = SeededGenerator(seed: 9), d = SeededGenerator(seed: 9)
            #expect(SortingRules.draw(count: 12, using: &c) == SortingRules.draw(count: 12, from: ContentSet.standardVehicles.sortingPool, using: &d))
        }
    }

    // MARK: - Recordings

    /// An Ogg page: "OggS", version, flags, granule (8 bytes LE), serial, sequence, CRC, segments.
    static func page(granule: UInt64, payload: [UInt8]) -> [UInt8] {
        var p: [UInt8] = Array("OggS".utf8) + [0, 2]
        for k in 0..<8 { p.append(UInt8((granule >> (8 * UInt64(k))) & 0xFF)) }
        p += [1, 0, 0, 0] + [0, 0, 0, 0] + [0, 0, 0, 0] + [1, UInt8(payload.count)]
        return p + payload
    }

    @Test func test_oggDuration_isTheLastGranuleOverTheRate() {
        // Identification packet: 1 "vorbis", version 0, 1 channel, 22050 Hz.
        let ident: [UInt8] = [1] + Array("vorbis".utf8) + [0, 0, 0, 0, 1] + [0x22, 0x56, 0, 0] + Array(repeating: 0, count: 13)
        let bytes = Self.page(granule: 0, payload: ident) + Self.page(granule: 44100, payload: Array(repeating: 7, count: 30))
        #expect(OggDuration.seconds(bytes) == 2.0)
        #expect(OggDuration.seconds(Array("RIFF....WAVEfmt ".utf8) + Array(repeating: 0, count: 60)) == nil)
        #expect(OggDuration.seconds([]) == nil)
    }
}

extension String {
    fileprivate func replacingOccurrences(_ a: String, _ b: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let r = rest.firstRange(of: a) {
            out += rest[..<r.lowerBound] + b
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}

/// `containsText`, the game's own substring search (the standard one is _StringProcessing's).
@Test func test_containsTextFindsWholeCharacters() {
    #expect("host=a password=b".containsText("password="))
    #expect(!"host=a".containsText("password="))
    #expect("abc".containsText("") && "abc".containsText("abc") && !"ab".containsText("abc"))
    #expect("FATAL: role \"x\" does not exist".containsText("does not exist"))
    #expect(!"e\u{301}".containsText("e"), "a whole character, not a scalar")
}
