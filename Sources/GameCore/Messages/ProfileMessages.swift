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
    ]
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
