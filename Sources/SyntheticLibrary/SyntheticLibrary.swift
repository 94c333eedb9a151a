import FeedCore
public import FeedStorage
import Foundation
import TestSupport

/// A large library made up for the benchmarks and the reliability runs: creators and posts with
/// captions of everyday words and hashtags (accented ones among them, as people write), the same
/// library every time for a given seed.
public struct SyntheticLibrary {
    public static let words = """
        morning coffee sunset beach city lights rain night drive music loop dance cat dog puppy kitten
        garden flowers spring winter snow mountain hike forest river ocean waves surf skate street art
        paint sketch design pixel retro neon synth vibe chill lofi study focus cooking pasta ramen
        baking bread cake recipe travel tokyo paris berlin lisbon cafe crème brûlée naïve façade
        tutorial hack tip trick fail win funny cute wow amazing satisfying asmr slow motion timelapse
        """.split(whereSeparator: \.isWhitespace).map(String.init)
    public static let tags = ["fyp", "loop", "satisfying", "lofi", "snow", "art", "music", "travel", "food", "cats",
                              "dogs", "diy", "synthwave", "generativeart", "asmr", "comedy", "dance", "nature", "city", "café"]

    public var authors: Int
    public var posts: Int
    private var rng: SeededRandom

    public init(authors: Int, posts: Int, seed: UInt64) {
        self.authors = authors
        self.posts = posts
        rng = SeededRandom(seed: seed)
    }

    /// Writes the creators and the posts in one transaction; `videoURI` gives post i's address
    /// (each its own: the library keeps one post per address).
    public mutating func write(into repository: SQLiteFeedRepository, videoURI: (Int) throws -> String) throws {
        try repository.connection.transaction {
            for i in 0..<authors {
                let name = word().capitalized + " " + Self.words[i % Self.words.count].capitalized
                try repository.insertAuthor(Author(handle: "creator\(i)", name: name))
            }
            let base = Date(timeIntervalSince1970: 1_780_000_000)
            for i in 0..<posts {
                let captionWords = (0..<Int.random(in: 5...14, using: &rng)).map { _ in word() }
                let captionTags = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                    "#" + Self.tags[Int.random(in: 0..<Self.tags.count, using: &rng)]
                }
                try repository.insertPost(NewPost(
                    authorHandle: "creator\(Int.random(in: 0..<authors, using: &rng))",
                    caption: (captionWords + captionTags).joined(separator: " "), music: word().capitalized + " — original sound",
                    videoURI: try videoURI(i), likeCount: Int.random(in: 0...2_000_000, using: &rng),
                    created: base.addingTimeInterval(Double(i))))
            }
        }
    }

    private mutating func word() -> String { Self.words[Int.random(in: 0..<Self.words.count, using: &rng)] }
}
