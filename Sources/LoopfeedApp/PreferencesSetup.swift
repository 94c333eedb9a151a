import FeedCore
import FeedStorage
import Foundation
import GLibKit
import Localization

/// Opens the preferences: GSettings with the installed schema, or, run from the source tree,
/// with data/'s schema compiled for the run into the cache (glib-compile-schemas). Values live
/// in the desktop's settings, or in `settings.ini` beside a library given with --data-dir (and
/// where the desktop would forget them: no dconf). The old preferences.json is migrated once.
enum PreferencesSetup {
    static let schemaFile = "\(GSettingsPreferencesStore.schemaID).gschema.xml"

    @MainActor
    static func open(paths: AppPaths, ownDataDirectory: Bool, executable: URL,
                     report: (String, String) -> Void) -> PreferencesStore {
        let json = paths.dataDirectory.appendingPathComponent("preferences.json")
        let compiled = sourceSchema(executable: executable, samples: paths.samplesDirectory)
            .flatMap { compile($0, into: paths.cacheDirectory.appendingPathComponent("schemas")) }
        let storage: Settings.Storage = ownDataDirectory || Settings.desktopForgets
            ? .keyFile(paths.dataDirectory.appendingPathComponent("settings.ini")) : .desktop
        guard let settings = Settings(schemaID: GSettingsPreferencesStore.schemaID, schemaDirectory: compiled,
                                      storage: storage) else {
            report("settings", tr("The settings schema {schema} was not found: preferences are kept in {file}",
                                  ["schema": GSettingsPreferencesStore.schemaID, "file": json.path]))
            return JSONPreferencesStore(url: json)
        }
        let store = GSettingsPreferencesStore(settings: settings)
        store.migrate(fromJSON: json)
        return store
    }

    /// data/'s schema: beside the samples, or up from the binary in a source tree.
    static func sourceSchema(executable: URL, samples: URL?) -> URL? {
        var candidates: [URL] = []
        if let samples { candidates.append(samples.deletingLastPathComponent()) }
        var dir = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(dir.appendingPathComponent("data"))
            dir = dir.deletingLastPathComponent()
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent(schemaFile).path) }
    }

    /// Compiles `dataDirectory`'s schemas into `target` unless a copy as new is there; the
    /// folder, or nil when glib-compile-schemas is missing or fails.
    static func compile(_ dataDirectory: URL, into target: URL) -> URL? {
        let files = FileManager.default
        let source = dataDirectory.appendingPathComponent(schemaFile)
        let output = target.appendingPathComponent("gschemas.compiled")
        let modified = { (url: URL) in (try? files.attributesOfItem(atPath: url.path)[.modificationDate]) as? Date }
        if let built = modified(output), let written = modified(source), built >= written { return target }
        try? files.createDirectory(at: target, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/glib-compile-schemas")
        process.arguments = ["--strict", "--targetdir=\(target.path)", dataDirectory.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? target : nil
    }
}
