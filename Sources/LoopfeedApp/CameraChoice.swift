import FeedMedia
import Foundation

/// Which camera to record from: `--camera test`, `--camera /dev/videoN`, or the first
/// /dev/video* present (looked up each time, so a camera plugged in later is found on Retry).
enum CameraChoice {
    static func device(option: String?, fileManager: FileManager = .default) -> CaptureDevice? {
        switch option {
        case "test":
            return .test
        case let path? where !path.isEmpty:
            return fileManager.fileExists(atPath: path) ? .camera(path: path) : nil
        default:
            let nodes = (try? fileManager.contentsOfDirectory(atPath: "/dev")) ?? []
            return nodes.filter { $0.hasPrefix("video") }.sorted().first.map { .camera(path: "/dev/" + $0) }
        }
    }
}
