public import Foundation

/// One caption track of a video (PeerTube's `/api/v1/videos/{id}/captions`): a WebVTT file.
public struct CaptionTrack: Sendable, Equatable, Hashable {
    /// The language's code ("en", "pt-BR").
    public var languageID: String
    /// The language's name as the server writes it ("English"); the code when it gave none.
    public var label: String
    public var fileURL: URL
    /// Made by speech recognition rather than by a person.
    public var isAutomatic: Bool
    public var updated: Date?

    public init(languageID: String, label: String, fileURL: URL, isAutomatic: Bool = false, updated: Date? = nil) {
        self.languageID = languageID
        self.label = label
        self.fileURL = fileURL
        self.isAutomatic = isAutomatic
        self.updated = updated
    }

    /// Whether `code` is a language code PeerTube could send: letters, digits and `-`, 2 to 16.
    public static func isValidLanguage(_ code: String) -> Bool {
        (2...16).contains(code.utf8.count) && code.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_": true
            default: false
            }
        }
    }

    /// The track for `preferred` (the user's languages, best first: "fr_FR", "en"): the same
    /// language and region, else the language with no region, else it in another region, else none.
    public static func best(of tracks: [CaptionTrack], preferred: [String]) -> CaptionTrack? {
        func parts(_ code: String) -> (String, String?) {
            let split = code.replacingOccurrences(of: "_", with: "-").lowercased().split(separator: "-", maxSplits: 1)
            return (split.first.map(String.init) ?? "", split.count > 1 ? String(split[1]) : nil)
        }
        for wanted in preferred {
            let (language, region) = parts(wanted)
            guard !language.isEmpty else { continue }
            if let region, let exact = tracks.first(where: { parts($0.languageID) == (language, region) }) { return exact }
            if let bare = tracks.first(where: { parts($0.languageID) == (language, nil) }) { return bare }
            if let same = tracks.first(where: { parts($0.languageID).0 == language }) { return same }
        }
        return nil
    }
}
