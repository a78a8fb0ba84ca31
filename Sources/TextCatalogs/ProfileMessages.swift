import GameCore

/// The words of the children's profiles, the stronger gate, the grown-ups' corner, the
/// sticker book and the rest screen (issue "Every child is someone").
extension Messages {
    // MARK: The gate (never spoken: a child would hear the answer)
    public static let gateTimes = Message("gate.question.times", "{a} × {b} = ?")
    public static let gatePIN = Message("gate.pin", "Type the PIN")
    public static let gateWrong = Message("gate.wrong", "Not right. Tries left: {n}")
    public static let gateWait = Message("gate.wait", "Too many tries. Wait {seconds} s")
    public static let gateCorner = Message("gate.corner", "Grown-ups' corner")

    /// Every message of this file, for the catalog.
    public static let profileMessages: [Message] = [
        gateTimes, gatePIN, gateWrong, gateWait, gateCorner,
        pickerTitle, pickerAnimal, pickerColour, pickerFull, stickersTitle,
        cornerChildren, cornerSettings, cornerProgress, cornerAdd, cornerName, cornerPicture, cornerDelete,
        cornerDeleteTitle, cornerDeleteMessage, cornerNoChildren, cornerVoice, cornerEffects, cornerRelaxed, cornerReducedMotion, cornerGrow,
        cornerVoiceAbout, cornerEffectsAbout, cornerRelaxedAbout, cornerReducedMotionAbout, cornerGrowAbout, cornerOn,
        cornerOff, cornerLocked, cornerPlayed, cornerSave, cornerSaveTo, cornerHomeFolder, cornerSaved, cornerSaveFailed,
        cornerLetters, cornerSpace, cornerNickname, cornerUnnamed, cornerGuest, restTitle, restMessage,
        cornerClassroom, cornerSession, cornerNoLimit, cornerMinutes, cornerGames, cornerLevels, cornerPIN, cornerPINSet,
        cornerPINClear, cornerPINTitle, cornerSets,
    ]
}

extension Messages {
    /// A corner switch's words, found by its setting's key (`SettingKey`'s raw value): the
    /// label `corner.KEY` and the one-line explanation `corner.KEY.about`. A new switch is its
    /// settings row and these two messages.
    public static func cornerSwitch(_ key: String) -> (label: Message, explanation: Message)? {
        guard let label = profileMessages.first(where: { $0.key == "corner." + key }),
              let about = profileMessages.first(where: { $0.key == "corner." + key + ".about" }) else { return nil }
        return (label, about)
    }
}

extension Messages {
    // MARK: Who's playing
    public static let pickerTitle = Message("picker.title", "Who's playing?")
    public static let pickerAnimal = Message("picker.animal", "Pick an animal")
    public static let pickerColour = Message("picker.colour", "Pick a colour")
    public static let pickerFull = Message("picker.full", "40 children: that is all there is room for")
    // MARK: Stickers
    public static let stickersTitle = Message("stickers.title", "Stickers")
}

extension Messages {
    // MARK: The grown-ups' corner (never spoken)
    public static let cornerChildren = Message("corner.children", "Children")
    public static let cornerSettings = Message("corner.settings", "Settings")
    public static let cornerProgress = Message("corner.progress", "Progress")
    public static let cornerAdd = Message("corner.add", "Add a child")
    public static let cornerName = Message("corner.name", "Name")
    public static let cornerPicture = Message("corner.picture", "Picture")
    public static let cornerDelete = Message("corner.delete", "Delete")
    public static let cornerDeleteTitle = Message("corner.delete.title", "Delete this child?")
    public static let cornerDeleteMessage = Message("corner.delete.message", "Every game and sticker of this child\nwill be erased. This cannot be undone.")
    public static let cornerNoChildren = Message("corner.nochildren", "No children yet")
    public static let cornerVoice = Message("corner.voice", "Voice")
    public static let cornerEffects = Message("corner.effects", "Sound effects")
    public static let cornerRelaxed = Message("corner.relaxed", "Relaxed mode")
    public static let cornerReducedMotion = Message("corner.reduced-motion", "Less motion")
    public static let cornerGrow = Message("corner.grow", "Grow with the child")
    // Each switch's one-line explanation, under its name.
    public static let cornerVoiceAbout = Message("corner.voice.about", "Spoken names, praise and instructions")
    public static let cornerEffectsAbout = Message("corner.effects.about", "Pops, clicks and cheers")
    public static let cornerRelaxedAbout = Message("corner.relaxed.about", "No clock, no losing by waiting")
    public static let cornerReducedMotionAbout = Message("corner.reduced-motion.about", "No confetti or shaking, calmer moves")
    public static let cornerGrowAbout = Message("corner.grow.about", "First games relaxed, next level suggested")
    public static let cornerOn = Message("corner.on", "On")
    public static let cornerOff = Message("corner.off", "Off")
    public static let cornerLocked = Message("corner.locked", "Locked")
    public static let cornerPlayed = Message("corner.played", "{n} played, best {best}")
    public static let cornerSave = Message("corner.save", "Save report")
    public static let cornerSaveTo = Message("corner.saveto", "Save the report in")
    public static let cornerHomeFolder = Message("corner.homefolder", "Home folder")
    public static let cornerSaved = Message("corner.saved", "Report saved")
    public static let cornerSaveFailed = Message("corner.savefailed", "The report could not be saved")
    /// The nickname keyboard's letters, in the language's own alphabet.
    public static let cornerLetters = Message("corner.letters", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    public static let cornerSpace = Message("corner.space", "Space")
    public static let cornerNickname = Message("corner.nickname", "Nickname")
    /// A child without a nickname, in the corner's list.
    public static let cornerUnnamed = Message("corner.unnamed", "Child {n}")
    public static let cornerGuest = Message("corner.guest", "Guest")
}

extension Messages {
    // MARK: The session limit
    public static let restTitle = Message("rest.title", "Time to rest")
    public static let restMessage = Message("rest.message", "Well played! A grown-up will help you go on later.")
    /// Spoken lines (their English text is in po/voice-lines-en.tsv).
    public static let sessionWarningKey = "voice.session.warning"
    public static let sessionWarning = Message(sessionWarningKey, "Two more minutes, then it is time to rest.")
    public static let sessionRestKey = "voice.session.rest"
    public static let sessionRest = Message(sessionRestKey, "Time to rest now. Well played!")
}

extension Messages {
    // MARK: Spoken on the picker (English in po/voice-lines-en.tsv)
    public static let pickerSpokenKey = "voice.picker.title"
    public static let pickerSpoken = Message(pickerSpokenKey, "Who's playing? Tap your animal!")
    public static let pickerAnimalSpokenKey = "voice.picker.animal"
    public static let pickerAnimalSpoken = Message(pickerAnimalSpokenKey, "Pick an animal!")
    public static let pickerColourSpokenKey = "voice.picker.colour"
    public static let pickerColourSpoken = Message(pickerColourSpokenKey, "Now pick a colour!")
}

extension Messages {
    // MARK: The corner's classroom settings (never spoken)
    public static let cornerClassroom = Message("corner.classroom", "Classroom")
    public static let cornerSession = Message("corner.session", "Session limit")
    public static let cornerNoLimit = Message("corner.nolimit", "No limit")
    public static let cornerMinutes = Message("corner.minutes", "{n} min")
    public static let cornerGames = Message("corner.games", "Games")
    public static let cornerLevels = Message("corner.levels", "Levels")
    public static let cornerPIN = Message("corner.pin", "Gate PIN")
    public static let cornerPINSet = Message("corner.pin.set", "Set")
    public static let cornerPINClear = Message("corner.pin.clear", "Clear")
    public static let cornerPINTitle = Message("corner.pin.title", "New PIN: 4 to 8 digits")
    /// The classroom's sets pages (issue 44): the picture sets Memory and Sorting play.
    public static let cornerSets = Message("corner.sets", "Picture sets: Memory and Sorting take those ticked, in turn")
}
