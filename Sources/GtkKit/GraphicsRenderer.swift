import Foundation
import Glibc

/// GTK's renderer, chosen before the first window is realized (GTK reads `GSK_RENDERER` when it
/// makes the first window's renderer). The display's GL renderer is asked with `DisplayGL`.
@MainActor
public enum GraphicsRenderer {
    /// What `GSK_RENDERER` says now, if anything.
    public static var requested: String? {
        getenv("GSK_RENDERER").map { String(cString: $0) }
    }

    /// The device nodes a GPU driver opens: DRM render nodes, and NVIDIA's own nodes (its
    /// proprietary driver without nvidia-drm has no render node).
    public nonisolated static func gpuDevices() -> [String] {
        func list(_ folder: String, _ prefix: String) -> [String] {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
            return names.filter { $0.hasPrefix(prefix) && $0.dropFirst(prefix.count).allSatisfy(\.isNumber) }
                .map { folder + "/" + $0 }.sorted()
        }
        return list("/dev/dri", "renderD") + list("/dev", "nvidia")
    }

    /// Keeps GTK from loading GL at all (before GTK starts): `GDK_DEBUG=gl-disable`, added to
    /// whatever GDK_DEBUG already says.
    public static func disableGL() {
        let current = getenv("GDK_DEBUG").map { String(cString: $0) } ?? ""
        setenv("GDK_DEBUG", current.isEmpty ? "gl-disable" : current + ",gl-disable", 1)
    }

    /// Asks GTK for `renderer` ("cairo", "gl") for the windows not yet realized.
    public static func use(_ renderer: String) {
        setenv("GSK_RENDERER", renderer, 1)
    }
}
