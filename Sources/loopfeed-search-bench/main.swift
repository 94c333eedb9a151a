import FeedCore
import FeedStorage
import Foundation

// Measures Discover's full-text search over a library of 100,000 posts (issue target: a
// query answers within 20 ms). Builds the library with the real repository in a temporary
// file, then times each query many times. Prints one JSON object.

let postCount = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 100_000
let repetitions = 30

func nowUs() -> Int64 { SystemMonotonicClock().nowMicroseconds() }

var random = SystemRandomNumberGenerator()
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
var rng = Seeded(state: 42)

let words = """
    morning coffee sunset beach city lights rain night drive music loop dance cat dog puppy kitten
    garden flowers spring winter snow mountain hike forest river ocean waves surf skate street art
    paint sketch design pixel retro neon synth vibe chill lofi study focus cooking pasta ramen
    baking bread cake recipe travel tokyo paris berlin lisbon cafe crème brûlée naïve façade
    tutorial hack tip trick fail win funny cute wow amazing satisfying asmr slow motion timelapse
    """.split(whereSeparator: \.isWhitespace).map(String.init)
let tags = ["fyp", "loop", "satisfying", "lofi", "snow", "art", "music", "travel", "food", "cats",
            "dogs", "diy", "synthwave", "generativeart", "asmr", "comedy", "dance", "nature", "city", "café"]

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-search-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let repository = try FeedStore.open(at: folder.appendingPathComponent("library.sqlite"))

let buildStart = nowUs()
let authorCount = 2_000
try repository.connection.transaction {
    for i in 0..<authorCount {
        let name = words[Int.random(in: 0..<words.count, using: &rng)].capitalized + " " + words[i % words.count].capitalized
        try repository.insertAuthor(Author(handle: "creator\(i)", name: name))
    }
    let base = Date(timeIntervalSince1970: 1_780_000_000)
    for i in 0..<postCount {
        let captionWords = (0..<Int.random(in: 5...14, using: &rng)).map { _ in words[Int.random(in: 0..<words.count, using: &rng)] }
        let captionTags = (0..<Int.random(in: 1...3, using: &rng)).map { _ in "#" + tags[Int.random(in: 0..<tags.count, using: &rng)] }
        let music = words[Int.random(in: 0..<words.count, using: &rng)].capitalized + " — original sound"
        try repository.insertPost(NewPost(
            authorHandle: "creator\(Int.random(in: 0..<authorCount, using: &rng))",
            caption: (captionWords + captionTags).joined(separator: " "), music: music,
            videoURI: "file:///bench/\(i).mp4", likeCount: Int.random(in: 0...2_000_000, using: &rng),
            created: base.addingTimeInterval(Double(i))))
    }
}
let buildSeconds = Double(nowUs() - buildStart) / 1_000_000

// Queries as people type them: a prefix, a word, a hashtag, two words, an author, diacritics.
let queries = ["co", "coffee", "#lofi", "snow", "night drive", "creator12", "cafe", "creme brulee", "sat", "zzzz"]
var results: [String] = []
var all: [Int64] = []
for query in queries {
    _ = try repository.search(query, limit: 90) // warm
    var times: [Int64] = []
    var found = 0
    for _ in 0..<repetitions {
        let start = nowUs()
        found = try repository.search(query, limit: 90).count
        times.append(nowUs() - start)
    }
    times.sort()
    all += times
    let p50 = times[times.count / 2], p95 = times[Int(Double(times.count - 1) * 0.95)], max = times.last!
    results.append("{\"query\":\"\(query)\",\"results\":\(found),\"p50_us\":\(p50),\"p95_us\":\(p95),\"max_us\":\(max)}")
}
all.sort()
let overallP50 = all[all.count / 2], overallP95 = all[Int(Double(all.count - 1) * 0.95)]
print("{\"posts\":\(postCount),\"build_seconds\":\(String(format: "%.1f", buildSeconds)),\"limit\":90,"
      + "\"repetitions\":\(repetitions),\"p50_us\":\(overallP50),\"p95_us\":\(overallP95),\"max_us\":\(all.last!),"
      + "\"queries\":[\(results.joined(separator: ","))]}")
