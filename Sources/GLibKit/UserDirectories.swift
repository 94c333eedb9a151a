import CGLib
public import Foundation

/// The desktop's special folders (XDG user dirs, e.g. a localised ~/Videos).
public enum UserDirectories {
    /// The user's videos folder; ~/Videos when the desktop names none.
    public static var videos: URL {
        // GLib's idea of home ($HOME first), the same one the special folders are read against.
        let home = String(cString: g_get_home_dir())
        if let path = g_get_user_special_dir(G_USER_DIRECTORY_VIDEOS) {
            let folder = String(cString: path)
            // xdg-user-dirs points unset folders at $HOME itself; a copy there would litter it.
            if folder != home { return URL(fileURLWithPath: folder, isDirectory: true) }
        }
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent("Videos")
    }
}
