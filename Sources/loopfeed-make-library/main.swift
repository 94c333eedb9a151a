import FeedCore
import FeedStorage
import Foundation

// Makes a large library for the reliability runs (a library of 100,000 posts and 1,000
// subscriptions: launch, paging, search and refresh must stay within their targets). Every post
// is a video that plays: each has its own file name (the library keeps one post per address), a
// symbolic link to one of the clips given. Subscriptions are the addresses FORMAT makes of
// 0..<M (e.g. http://127.0.0.1:8000/feed/%d.xml). Prints one JSON object.
//
//   loopfeed-make-library DATA_DIR --posts N --clips a.mp4,b.mp4 [--subscriptions M --feed-url FORMAT]

func argument(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

guard CommandLine.arguments.count > 1, let clipList = argument("--clips") else {
    FileHandle.standardError.write(Data("usage: loopfeed-make-library DATA_DIR --posts N --clips a.mp4,b.mp4 [--subscriptions M --feed-url FORMAT]\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: CommandLine.arguments[1])
let postCount = Int(argument("--posts") ?? "") ?? 100_000
let subscriptionCount = Int(argument("--subscriptions") ?? "") ?? 0
let feedFormat = argument("--feed-url") ?? "http://127.0.0.1:8000/feed/%d.xml"
let clips = clipList.split(separator: ",").map { URL(fileURLWithPath: String($0)).standardizedFileURL }

struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
var rng = Seeded(state: 7)
let words = """
    morning coffee sunset beach city lights rain night drive music loop dance cat dog puppy kitten
    garden flowers spring winter snow mountain hike forest river ocean waves surf skate street art
    paint sketch design pixel retro neon synth vibe chill lofi study focus cooking pasta ramen
    baking bread cake recipe travel tokyo paris berlin lisbon cafe crème brûlée naïve façade
    """.split(whereSeparator: \.isWhitespace).map(String.init)
let tags = ["fyp", "loop", "satisfying", "lofi", "snow", "art", "music", "travel", "food", "cats"]

let start = Date()
let links = folder.appendingPathComponent("videos-library")
try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
let repository = try FeedStore.open(at: folder.appendingPathComponent("library.sqlite"))
let authorCount = 500
try repository.connection.transaction {
    for i in 0..<authorCount {
        try repository.insertAuthor(Author(handle: "creator\(i)", name: words[i % words.count].capitalized + " \(i)"))
    }
    let base = Date(timeIntervalSince1970: 1_780_000_000)
    for i in 0..<postCount {
        let link = links.appendingPathComponent("\(i).mp4")
        if !FileManager.default.fileExists(atPath: link.path) {
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: clips[i % clips.count])
        }
        let caption = (0..<Int.random(in: 4...10, using: &rng)).map { _ in words[Int.random(in: 0..<words.count, using: &rng)] }
            + ["#" + tags[Int.random(in: 0..<tags.count, using: &rng)]]
        try repository.insertPost(NewPost(
            authorHandle: "creator\(Int.random(in: 0..<authorCount, using: &rng))", caption: caption.joined(separator: " "),
            music: words[i % words.count].capitalized + " — original sound", videoURI: link.absoluteString,
            likeCount: Int.random(in: 0...50_000, using: &rng), created: base.addingTimeInterval(Double(i))))
    }
    for n in 0..<subscriptionCount {
        _ = try repository.insertSubscription(url: String(format: feedFormat, n), title: "Feed \(n)")
    }
}
print("{\"posts\":\(postCount),\"subscriptions\":\(subscriptionCount),\"seconds\":\(String(format: "%.1f", Date().timeIntervalSince(start)))}")
