import FeedCore
import FeedStorage
import Foundation
import SyntheticLibrary

// Measures Discover's full-text search over a library of 100,000 posts (issue target: a
// query answers within 20 ms). Builds the library with the real repository in a temporary
// file, then times each query many times. Prints one JSON object.

let postCount = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 100_000
let repetitions = 30

func nowUs() -> Int64 { SystemMonotonicClock().nowMicroseconds() }

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-search-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let repository = try LibraryDatabase.open(at: folder.appendingPathComponent("library.sqlite"))

let buildStart = nowUs()
var library = SyntheticLibrary(authors: 2_000, posts: postCount, seed: 42)
try library.write(into: repository) { i in "file:///bench/\(i).mp4" }
let buildSeconds = Double(nowUs() - buildStart) / 1_000_000

// Queries as people type them: the first letter, a prefix, a word, a hashtag, two words, an author, diacritics.
let queries = ["c", "co", "coffee", "#lofi", "snow", "night drive", "creator12", "cafe", "creme brulee", "sat", "zzzz"]
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
