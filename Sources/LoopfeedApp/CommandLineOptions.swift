public import FeedCore
public import FeedPresentation
import FeedSources
public import Foundation
import Localization

/// Loopfeed's command line, parsed by Loopfeed itself (GLib gets none of it).
/// `loopfeed [--data-dir D] [--cache-dir D] [--camera test|test-noise|/dev/videoN] [--events FILE] [PATH|URL ...]`
public struct CommandLineOptions: Equatable, Sendable {
    public var dataDirectory: String?
    public var cacheDirectory: String?
    /// `--cache-limit`: the video cache's size for this run, in bytes.
    public var cacheLimit: Int64?
    public var camera: String?
    public var eventsPath: String?
    /// `--instance`: PeerTube instances or Loops servers Discover reads this run (asked what
    /// they are at start).
    public var instances: [URL] = []
    /// `--search-index`: the index for this run, or none (`off`).
    public var searchIndex: ReadNetworks.IndexChoice = .preferences
    /// `--feed`: Home opens on For You or Following for this run.
    public var feed: HomeFeedKind?
    public var inputs: [String] = []
    public var showHelp = false
    public var showVersion = false

    public init() {}

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case unknownOption(String)
        case missingValue(String)
        case badSize(String)
        case notAnAddress(option: String, value: String)
        case badFeed(String)

        public var description: String {
            switch self {
            case .notAnAddress(let option, let value):
                "loopfeed: " + tr("'{value}' is not a web address for {option} (see --help)", ["value": value, "option": option])
            case .badFeed(let text):
                "loopfeed: " + tr("'{feed}' is not a feed: --feed takes for-you or following", ["feed": text])
            case .badSize(let text): "loopfeed: " + tr("'{size}' is not a size like 500M or 2G (see --help)", ["size": text])
            case .unknownOption(let option): "loopfeed: " + tr("unknown option '{option}' (see --help)", ["option": option])
            case .missingValue(let option): "loopfeed: " + tr("option '{option}' needs a value (see --help)", ["option": option])
            }
        }
    }

    /// Parses arguments without the program name. `--opt=value` and `--opt value` both work;
    /// everything after `--` is a path.
    public static func parse(_ arguments: [String]) throws(ParseError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var index = 0
        var onlyPaths = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
                options.inputs.append(argument)
                continue
            }
            if argument == "--" {
                onlyPaths = true
                continue
            }
            let (name, inlineValue) = split(argument)
            func value() throws(ParseError) -> String {
                if let inlineValue { return inlineValue }
                guard index < arguments.count else { throw .missingValue(name) }
                index += 1
                return arguments[index - 1]
            }
            switch name {
            case "-h", "--help": options.showHelp = true
            case "--version": options.showVersion = true
            case "--data-dir": options.dataDirectory = try value()
            case "--cache-dir": options.cacheDirectory = try value()
            case "--cache-limit":
                let text = try value()
                guard let size = VideoCacheLayout.parseSize(text) else { throw .badSize(text) }
                options.cacheLimit = size
            case "--camera": options.camera = try value()
            case "--events": options.eventsPath = try value()
            case "--feed":
                let text = try value()
                guard let kind = HomeFeedKind(rawValue: text.lowercased()) else { throw .badFeed(text) }
                options.feed = kind
            case "--instance":
                let text = try value()
                guard let base = NetworkAddress.base(text) else { throw .notAnAddress(option: name, value: text) }
                options.instances.append(base)
            case "--search-index":
                let text = try value()
                if ["off", "none"].contains(text.lowercased()) {
                    options.searchIndex = .none
                } else {
                    guard let base = NetworkAddress.base(text) else { throw .notAnAddress(option: name, value: text) }
                    options.searchIndex = .address(base)
                }
            default: throw .unknownOption(name)
            }
        }
        return options
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    public static let version = "0.1.0"

    /// `--help`, in the user's language.
    public static var help: String {
        [
            // TRANSLATORS: --help; keep “loopfeed” and the words in capitals' meaning (OPTION, PATH, URL).
            tr("Usage: loopfeed [OPTION...] [PATH|URL...]"),
            "",
            // TRANSLATORS: --help; lines are wrapped at about 90 columns.
            tr("A vertical feed of short looping videos. Files, folders (searched recursively) and URLs\ngiven on the command line join the feed and are shown first."),
            "",
            tr("Options:"),
            // TRANSLATORS: --help; keep the option names and the column where the explanations start.
            tr("  --data-dir DIR     where the library and recordings live (default: $XDG_DATA_HOME/loopfeed)"),
            // TRANSLATORS: --help; keep the option names and the column where the explanations start.
            tr("  --cache-dir DIR    where downloads and thumbnails are cached (default: $XDG_CACHE_HOME/loopfeed)"),
            // TRANSLATORS: --help; keep the option names, the suffixes K, M, G and the column.
            tr("  --cache-limit SIZE how much downloaded video to keep for this run, as 800K, 500M or 2G\n                     (default: the preference, 1G)"),
            // TRANSLATORS: --help; keep the option name, “test” and “test-noise” (typed as is) and the columns.
            tr("  --camera DEVICE    record only from /dev/videoN, or \"test\" for test patterns and a\n                     test tone, \"test-noise\" for a camera of noise (big recordings)\n                     (default: every camera and microphone found, hot-plug too)"),
            // TRANSLATORS: --help; keep the option names and the column where the explanations start.
            tr("  --events FILE      write one JSON object per line for each event (for tests and tools)"),
            // TRANSLATORS: --help; keep the option name, “for-you” and “following” (typed as is) and the column.
            tr("  --feed FEED        open Home on for-you or following for this run (default: for-you;\n                     fresh and popular until it knows your taste)"),
            // TRANSLATORS: --help; keep the option names and the column where the explanations start.
            tr("  --instance URL     read this PeerTube instance or Loops server in Discover for this run\n                     (repeatable; Preferences → Networks keeps them)"),
            // TRANSLATORS: --help; keep the option name, “off” (typed as is) and the columns.
            tr("  --search-index URL send this run's network searches to this PeerTube search index, or\n                     \"off\" for none (default: the preference, https://sepiasearch.org)"),
            // TRANSLATORS: --help; keep the option names and the column where the explanations start.
            tr("  --version          print the version and exit"),
            // TRANSLATORS: --help; keep the option names and the column where the explanations start.
            tr("  -h, --help         print this help and exit"),
            "",
            // TRANSLATORS: --help; the key names are those on the keyboard.
            tr("Keys: Down/j next, Up/k previous, Home first, Space pause, F fullscreen, Ctrl+Q quit."),
        ].joined(separator: "\n")
    }
}
