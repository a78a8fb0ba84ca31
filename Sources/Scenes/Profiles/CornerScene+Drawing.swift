import GameCore
import Settings
import Stage
import TextCatalogs

// The grown-ups' corner's sections drawn: children, settings, classroom, progress. Split
// from CornerScene.swift by job.
extension CornerScene {
    func button(_ canvas: any Canvas, _ t: Target, _ label: Message, _ color: Color, icon: String? = nil) {
        guard let f = frame(of: t) else { return }
        let text = context.text(label)
        if icon != nil {
            Decor.button(canvas, f, label: text, color: color, icon: icon, pressed: press.pressed == t)
        } else {
            let r = press.pressed == t ? f.scaled(0.94) : f
            Decor.button(canvas, f, label: "", color: color, pressed: press.pressed == t)
            canvas.text(text, canvas.fitting(text, Theme.labelText, width: r.width - 12), at: r.center, color: .white)
        }
    }

    func drawChildren(_ canvas: any Canvas) {
        button(canvas, .add, Messages.cornerAdd, Theme.yes, icon: "add-child")
        if children.isEmpty {
            canvas.text(context.text(Messages.cornerNoChildren), Theme.headingText, at: Point(Self.panel.midX, Self.panel.midY), color: Theme.inkSoft)
        }
        for i in children.indices where frame(of: .name(i)) != nil {
            let row = Self.rowFrame(i - page * Self.rowsPerPage)
            let child = children[i]
            canvas.fillRounded(row, radius: 18, Color(246, 240, 226))
            AvatarArt.draw(canvas, child.avatar, in: Rect(row.x + 8, row.y + 6, 72, 72), radius: 14, shadow: 0)
            let label = child.nickname ?? context.text(Messages.cornerUnnamed, ["n": String(child.number)])
            canvas.text(label, canvas.fitting(label, Theme.labelText, width: 170), at: Point(row.x + 92, row.midY), align: .left, color: Theme.ink)
            button(canvas, .name(i), Messages.cornerName, Theme.focus)
            button(canvas, .picture(i), Messages.cornerPicture, Theme.focus)
            button(canvas, .delete(i), Messages.cornerDelete, Theme.no)
        }
    }

    func drawSettings(_ canvas: any Canvas) {
        for (i, key) in Self.switches.enumerated() {
            guard let corner = Messages.cornerSwitch(key.rawValue) else { continue }
            let f = Self.toggleFrame(i)
            // The switch's name, and under it its one-line explanation.
            let width = f.x - 24 - (Self.panel.x + 40)
            let label = context.text(corner.label), about = context.text(corner.explanation)
            canvas.text(label, canvas.fitting(label, Theme.headingText, width: width), at: Point(Self.panel.x + 40, f.midY - 16), align: .left, color: Theme.ink)
            canvas.text(about, canvas.fitting(about, Theme.smallText, width: width), at: Point(Self.panel.x + 40, f.midY + 22), align: .left, color: Theme.inkSoft)
            let on = isOn(key), locked = isLocked(key)
            let r = press.pressed == .toggle(key) ? f.scaled(0.94) : f
            // On/off by word and mark, never by colour alone; locked, it keeps showing which,
            // in the one look of a locked control.
            func face(_ ink: Color) {
                canvas.image(on ? "check" : "close", in: Rect(r.x + 14, r.midY - 26, 52, 52))
                canvas.text(context.text(on ? Messages.cornerOn : Messages.cornerOff), Theme.labelText, at: Point(r.x + 124, r.midY), color: ink)
            }
            if locked {
                lockedLook(canvas, r, radius: r.height / 2) { face(LockedLook.ink) }
            } else {
                Decor.card(canvas, r, radius: r.height / 2, fill: on ? Theme.yes : Theme.no, shadow: 4)
                face(.white)
            }
        }
    }

    /// A locked control's look (`LockedLook`), with the word in the current language.
    /// The classroom's sets pages (issue 44): each set found, its game, how many pictures,
    /// where it comes from, and its first problem when it cannot be used; its switch says
    /// whether rounds take it.
    func drawSets(_ canvas: any Canvas) {
        let entries = context.sets.entries
        let first = (page - 1) * Self.rowsPerPage
        let heading = context.text(Messages.cornerSets)
        canvas.text(heading, canvas.fitting(heading, Theme.headingText, width: Self.panel.width - 60),
                    at: Point(Self.panel.x + 30, Self.panel.y + 56), align: .left, color: Theme.ink)
        for i in first..<min(entries.count, first + Self.rowsPerPage) {
            let entry = entries[i], row = Self.rowFrame(i - first)
            canvas.fillRounded(row, radius: 16, .white)
            if let game = entry.game { canvas.image(game.imageName, in: Rect(row.x + 8, row.y + 10, 64, 64)) }
            let name = entry.set?.name(in: context.catalog.language) ?? entry.id
            canvas.text(name, canvas.fitting(name, Theme.labelText, width: row.width - 230),
                        at: Point(row.x + 84, row.y + 26), align: .left, color: Theme.ink)
            // A set that cannot be used shows its first problem, its file named inside the set
            // (`manifest.toml:2: ...`; --describe-sets and the terminal give the whole path).
            let detail = entry.problems.first.map { problem in
                let said = problem.description.hasPrefix(entry.path + "/") ? String(problem.description.dropFirst(entry.path.count + 1)) : problem.description
                return entry.problems.count > 1 ? "(\(entry.problems.count)) " + said : said
            } ?? "\(entry.id) · \(entry.itemCount) · \(entry.source.rawValue)"
            let style = canvas.fitting(detail, Theme.smallText, width: row.width - 230)
            canvas.text(Self.clipped(detail, style, width: row.width - 230, on: canvas), style,
                        at: Point(row.x + 84, row.y + 60), align: .left, color: entry.problems.isEmpty ? Theme.inkSoft : Theme.no)
            guard let f = frame(of: .set(i)) else { continue }
            let on = entry.set.map(setIsOn) ?? false
            let r = press.pressed == .set(i) ? f.scaled(0.94) : f
            let mark = { canvas.image(on ? "check" : "close", in: Rect(center: r.center, size: Size(48, 48)), ImageOptions(alpha: entry.set == nil ? 0.35 : 1)) }
            if isLocked(.sets) {
                lockedLook(canvas, r, radius: 20, content: mark)
            } else {
                Decor.card(canvas, r, radius: 20, fill: Theme.tile, shadow: 4)
                mark()
            }
        }
    }

    /// `text` cut to `width` at `style`, with "…" when it had to be cut.
    static func clipped(_ text: String, _ style: TextStyle, width: Double, on canvas: any Canvas) -> String {
        guard canvas.measure(text, style).width > width else { return text }
        var kept = Array(text)
        while !kept.isEmpty && canvas.measure(String(kept) + "…", style).width > width {
            kept.removeLast(max(1, kept.count / 8))
        }
        return String(kept) + "…"
    }

    func lockedLook(_ canvas: any Canvas, _ control: Rect, radius: Double, content: () -> Void) {
        LockedLook.draw(canvas, control: control, radius: radius, caption: context.text(Messages.cornerLocked), content: content)
    }

    func drawClassroom(_ canvas: any Canvas) {
        guard page == 0 else { return drawSets(canvas) }
        func label(_ m: Message, _ y: Double, locked: Bool) {
            let text = context.text(m)
            canvas.text(text, canvas.fitting(text, Theme.headingText, width: 260), at: Point(Self.panel.x + 30, y), align: .left, color: Theme.ink)
        }
        func tile(_ t: Target, _ icon: String, on: Bool) {
            guard let f = frame(of: t) else { return }
            let r = press.pressed == t ? f.scaled(0.94) : f
            let picture = { canvas.image(icon, in: Rect(r.midX - 34, r.y + 8, 68, 68), ImageOptions(alpha: on ? 1 : 0.35)) }
            // Shown or not by a mark, not by colour alone: on the bottom trailing corner, or,
            // locked, the top leading one (the caption takes the bottom edge, the padlock the
            // top trailing corner).
            if isLocked(Self.key(t)) {
                lockedLook(canvas, r, radius: 20) {
                    picture()
                    canvas.image(on ? "check" : "close", in: Rect(r.x - 10, r.y - 10, 40, 40))
                }
            } else {
                Decor.card(canvas, r, radius: 20, fill: Theme.tile, shadow: 4)
                picture()
                canvas.image(on ? "check" : "close", in: Rect(r.maxX - 30, r.maxY - 30, 40, 40))
            }
        }
        let minutes = context.classroom.sessionMinutes
        label(Messages.cornerSession, Self.panel.y + 72, locked: isLocked(.sessionMinutes))
        for (t, minus) in [(Target.sessionDown, true), (.sessionUp, false)] {
            guard let f = frame(of: t) else { continue }
            let r = press.pressed == t ? f.scaled(0.92) : f
            func face(_ ink: Color) {
                canvas.fill(Rect(r.midX - 20, r.midY - 4, 40, 8), ink)
                if !minus { canvas.fill(Rect(r.midX - 4, r.midY - 20, 8, 40), ink) }
            }
            if isLocked(Self.key(t)) {
                lockedLook(canvas, r, radius: r.height / 2) { face(LockedLook.ink) }
            } else {
                Decor.card(canvas, r, radius: r.height / 2, fill: Theme.focus, shadow: 4)
                face(.white)
            }
        }
        let value = minutes.map { context.text(Messages.cornerMinutes, ["n": String($0)]) } ?? context.text(Messages.cornerNoLimit)
        canvas.text(value, canvas.fitting(value, Theme.headingText, width: 200), at: Point(Self.panel.x + 300 + 192, Self.panel.y + 72), color: Theme.ink)
        label(Messages.cornerGames, Self.panel.y + 220, locked: isLocked(.games))
        for g in context.allGames.ids { tile(.game(g), g.imageName, on: shownGames.contains(g)) }
        label(Messages.cornerLevels, Self.panel.y + 370, locked: isLocked(.levels))
        for l in Level.allCases { tile(.level(l), l.imageName, on: shownLevels.contains(l)) }
        label(Messages.cornerPIN, Self.panel.y + 512, locked: isLocked(.gatePIN))
        if isLocked(.gatePIN) {
            for (t, label) in [(Target.pinSet, Messages.cornerPINSet), (.pinClear, Messages.cornerPINClear)] {
                guard let f = frame(of: t) else { continue }
                let r = press.pressed == t ? f.scaled(0.94) : f, text = context.text(label)
                lockedLook(canvas, r, radius: min(r.height / 2, 28)) {
                    canvas.text(text, canvas.fitting(text, Theme.labelText, width: r.width - 12), at: r.center, color: LockedLook.ink)
                }
            }
        } else {
            button(canvas, .pinSet, Messages.cornerPINSet, Theme.focus)
            if context.classroom.gatePIN != nil { button(canvas, .pinClear, Messages.cornerPINClear, Theme.no) }
        }
        let state = context.text(context.classroom.gatePIN != nil ? Messages.cornerOn : Messages.cornerOff)
        canvas.text(state, Theme.labelText, at: Point(Self.panel.x + 30, Self.panel.y + 552), align: .left, color: Theme.inkSoft)
    }

    func drawProgress(_ canvas: any Canvas) {
        button(canvas, .save, Messages.cornerSave, Theme.yes, icon: "chart")
        ProgressScreen.draw(canvas, progressPage, number: page + 1, of: progressPlayers.count, note: noteLines, context: context)
    }

    /// Under the Save button: the folder the report went to, or why it could not be saved.
    var noteLines: [String] {
        guard let note = saveNote else { return [] }
        if note == Messages.cornerSaved, let savedFolder {
            let above = savedSource == .classFromServer ? Messages.cornerSavedClass
                : savedSource == .serverAway ? Messages.cornerSavedServerAway : Messages.cornerSavedIn
            return [context.text(above), savedFolder]
        }
        return [context.text(note)]
    }

    /// Progress: every child, played or not (in the children's order), then the guest when
    /// she has played.
    var progressPlayers: [String] {
        children.map(\.id) + (summaryPlayers.contains("guest") ? ["guest"] : [])
    }
}
