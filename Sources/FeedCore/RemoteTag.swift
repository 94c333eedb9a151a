/// A hashtag a network offers to explore (Loops' trending tags), with how many videos carry it.
public struct RemoteTag: Sendable, Equatable, Hashable {
    /// Without "#": one word of letters, digits and `_` (what Hashtags reads in captions).
    public var name: String
    public var videoCount: Int?

    public init(name: String, videoCount: Int? = nil) {
        self.name = name
        self.videoCount = videoCount
    }

    /// Whether `name` is a tag that can be searched and put into an address: 1 to 100 letters,
    /// digits or `_`.
    public static func isValidName(_ name: String) -> Bool {
        (1...100).contains(name.count) && name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
    }
}
