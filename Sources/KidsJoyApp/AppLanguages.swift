import Platform
import Render
import Scenes
import TextCatalogs
import Runtime

/// The in-game language choice: loads the catalog and voices, turns the screens round for a
/// right-to-left language, and remembers the choice in settings.json.
@MainActor
final class AppLanguages: LanguageSwitching {
    private unowned let app: GameApp
    private let assets: String
    private(set) var current: String
    let canChoose: Bool

    init(app: GameApp, assets: String, current: String, canChoose: Bool) {
        self.app = app
        self.assets = assets
        self.current = current
        self.canChoose = canChoose
    }

    func choose(_ code: String) {
        guard canChoose, code != current, Language.supported.contains(code) else { return }
        if Languages.row(code)?.font == .scheherazade && app.canvas.arabicFontFiles == nil {
            do {
                app.canvas.arabicFontFiles = try FontLocator.arabic(assets: assets)
            } catch {
                app.warn("\(error); staying in \(current)")
                return
            }
        }
        current = code
        app.context.catalog = Language.catalog(assets: assets, language: code, warn: { [weak app] in app?.warn($0) })
        app.context.voice.library = Language.voices(assets: assets, language: code, warn: { [weak app] in app?.warn($0) })
            .adding(SetFolders.clips(app.context.sets, language: code))
        app.stack.rightToLeft = app.context.rightToLeft
        app.rememberLanguage(code)
    }
}
