import Foundation

/// A remote video's bytes reach playbin through an appsrc address of the engine's own.
extension PlayerStateMachine {
    /// ".mp4", ".webm" ...: the container the server's Content-Type names, else the address's own
    /// extension; "" when neither says.
    static func containerExtension(_ contentType: String?, address: String) -> String {
        let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        switch type {
        case "video/mp4", "video/x-m4v": return ".mp4"
        case "video/quicktime": return ".mov"
        case "video/webm": return ".webm"
        case "video/x-matroska": return ".mkv"
        default:
            let path = URL(string: address)?.path ?? ""
            let ext = (path as NSString).pathExtension.lowercased()
            return ["mp4", "m4v", "mov", "webm", "mkv", "ogv"].contains(ext) ? "." + ext : ""
        }
    }
}
