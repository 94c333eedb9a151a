public import FeedCore
import Foundation
import Localization

/// What Loopfeed takes from its environment, read once at launch next to `CommandLineOptions`
/// and passed down from the composition root: nothing below it reads a variable of its own.
/// A variable set to the empty string counts as unset; a value that can't be understood is
/// said (`problems`, on stderr) and the variable then counts as unset.
///
/// Not here, since others read them themselves: GTK's and GStreamer's own variables
/// (GDK_BACKEND, GST_DEBUG...; GTK_USE_PORTAL is read here too, for the file choosers), gettext's (LANG, LC_*), and `XDG_*` beyond the
/// two base directories (GLib's user folders).
public struct EnvironmentOptions: Equatable, Sendable {
    /// `HOME`: the user's home folder (the XDG defaults are under it).
    public var home: String?
    /// `XDG_DATA_HOME` and `XDG_CACHE_HOME`, when absolute (the XDG specification ignores others).
    public var dataHome: String?
    public var cacheHome: String?
    /// `LOOPFEED_SAMPLES_DIR`: where the shipped samples are looked for first.
    public var samplesDirectory: String?
    /// `LOOPFEED_AUDIO_SINK`: a gst-launch description of the audio sink every player uses;
    /// nil: autoaudiosink.
    public var audioSink: String?
    /// `LOOPFEED_REFRESH_SECONDS`: how often followed feeds are refreshed while the app is open
    /// (0: only at launch); nil: every 30 minutes.
    public var feedRefreshSeconds: Int?
    /// `LOOPFEED_VIDEO_PATH`: the frame path asked for; nil: chosen from the machine.
    public var videoPath: VideoPath?
    /// `GSK_RENDERER` as set (GTK reads it; any value keeps GTK's renderer as it is).
    public var renderer: String?
    /// `GDK_DEBUG` as set (kept when the app adds `gl-disable` to it).
    public var gdkDebug: String?
    /// `LOOPFEED_WATCHDOG`: 1 watches the main loop, 0 does not; nil: debug builds do.
    public var watchdog: Bool?
    /// `LOOPFEED_WATCHDOG_MS`: the stall the watchdog reports, in milliseconds (turns it on);
    /// nil: 1,000. The bench watches for 50 ms stalls while feeds refresh.
    public var stallMilliseconds: Int?
    /// `GST_TRACERS` is set: a clean exit frees GStreamer so its leaks tracer can report.
    public var tracesGStreamer = false
    /// In a Flatpak (`/.flatpak-info`) or a Snap (`SNAP`), or with `GTK_USE_PORTAL=1`: only the
    /// desktop's portal reaches the user's files, so the file choosers are the portal's.
    public var usesPortal = false
    /// The user's languages, best first, from LANGUAGE, LC_ALL, LC_MESSAGES and LANG as gettext
    /// reads them (captions in them are shown first).
    public var languages: [String] = []
    /// The values that could not be understood, in the order of the variables above.
    public var problems: [Problem] = []

    public init() {}

    /// Followed feeds are refreshed this often by default.
    public static let defaultRefreshSeconds = 30 * 60

    /// A value that could not be understood, and what is done instead.
    public enum Problem: Equatable, Sendable, CustomStringConvertible {
        case notAbsolute(variable: String, value: String)
        case notSeconds(variable: String, value: String)
        case notAVideoPath(variable: String, value: String)
        case notASwitch(variable: String, value: String)
        case notMilliseconds(variable: String, value: String)

        public var description: String {
            switch self {
            case .notAbsolute(let variable, let value):
                "loopfeed: " + tr("{variable}={value} is not an absolute path, so it is ignored",
                                  ["variable": variable, "value": value])
            case .notSeconds(let variable, let value):
                "loopfeed: " + tr("{variable}={value} is not a whole number of seconds, so followed feeds are refreshed every 30 minutes",
                                  ["variable": variable, "value": value])
            case .notAVideoPath(let variable, let value):
                "loopfeed: " + tr("{variable}={value} is neither gl nor memory, so the frame path is chosen as usual",
                                  ["variable": variable, "value": value])
            case .notASwitch(let variable, let value):
                "loopfeed: " + tr("{variable}={value} is neither 1 nor 0, so it is ignored",
                                  ["variable": variable, "value": value])
            case .notMilliseconds(let variable, let value):
                "loopfeed: " + tr("{variable}={value} is not a whole number of milliseconds from 10 to 60000, so it is ignored",
                                  ["variable": variable, "value": value])
            }
        }
    }

    /// Reads `environment` (the process's: `ProcessInfo.processInfo.environment`); `inFlatpak`:
    /// whether the app runs in a Flatpak (nil: whether `/.flatpak-info` exists).
    public static func parse(_ environment: [String: String], inFlatpak: Bool? = nil) -> EnvironmentOptions {
        var options = EnvironmentOptions()
        func value(_ name: String) -> String? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            return text
        }
        func trimmed(_ name: String) -> String? {
            value(name).map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        func absolute(_ name: String) -> String? {
            guard let path = value(name) else { return nil }
            guard path.hasPrefix("/") else {
                options.problems.append(.notAbsolute(variable: name, value: path))
                return nil
            }
            return path
        }
        options.home = value("HOME")
        options.dataHome = absolute("XDG_DATA_HOME")
        options.cacheHome = absolute("XDG_CACHE_HOME")
        options.samplesDirectory = value("LOOPFEED_SAMPLES_DIR")
        options.audioSink = trimmed("LOOPFEED_AUDIO_SINK")
        if let text = trimmed("LOOPFEED_REFRESH_SECONDS") {
            if let seconds = Int(text), seconds >= 0 {
                options.feedRefreshSeconds = seconds
            } else {
                options.problems.append(.notSeconds(variable: "LOOPFEED_REFRESH_SECONDS", value: text))
            }
        }
        if let text = trimmed("LOOPFEED_VIDEO_PATH") {
            if let path = VideoPath(rawValue: text.lowercased()) {
                options.videoPath = path
            } else {
                options.problems.append(.notAVideoPath(variable: "LOOPFEED_VIDEO_PATH", value: text))
            }
        }
        options.renderer = value("GSK_RENDERER")
        options.gdkDebug = value("GDK_DEBUG")
        switch trimmed("LOOPFEED_WATCHDOG") {
        case nil: break
        case "1": options.watchdog = true
        case "0": options.watchdog = false
        case let text?: options.problems.append(.notASwitch(variable: "LOOPFEED_WATCHDOG", value: text))
        }
        if let text = trimmed("LOOPFEED_WATCHDOG_MS") {
            if let milliseconds = Int(text), (10...60_000).contains(milliseconds) {
                options.stallMilliseconds = milliseconds
            } else {
                options.problems.append(.notMilliseconds(variable: "LOOPFEED_WATCHDOG_MS", value: text))
            }
        }
        options.tracesGStreamer = value("GST_TRACERS") != nil
        options.languages = UserLanguages.from(environment)
        let flatpak = inFlatpak ?? FileManager.default.fileExists(atPath: "/.flatpak-info")
        options.usesPortal = flatpak || value("SNAP") != nil || trimmed("GTK_USE_PORTAL") == "1"
        return options
    }

    /// Whether the main loop is watched: as asked, else with a stall threshold set, else in
    /// debug builds.
    public func watchesMainLoop(debugBuild: Bool) -> Bool {
        watchdog ?? (stallMilliseconds != nil || debugBuild)
    }
}
