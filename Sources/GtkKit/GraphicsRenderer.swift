import Foundation
import Glibc

/// GTK's renderer, chosen before the first window is realized (GTK reads `GSK_RENDERER` when it
/// makes the first window's renderer). The display's GL renderer is asked with `DisplayGL`.
/// What the variables said at launch is the caller's (the app reads its environment once); this
/// only writes GTK's own variables for GTK to read.
@MainActor
public enum GraphicsRenderer {
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
    /// `debugFlags`, what GDK_DEBUG said at launch.
    public static func disableGL(keeping debugFlags: String?) {
        let current = debugFlags ?? ""
        setenv("GDK_DEBUG", current.isEmpty ? "gl-disable" : current + ",gl-disable", 1)
    }

    /// Asks GTK for `renderer` ("cairo", "gl") for the windows not yet realized.
    public static func use(_ renderer: String) {
        setenv("GSK_RENDERER", renderer, 1)
    }
}
