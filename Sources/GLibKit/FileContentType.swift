import CGLib

/// What GIO says a file is (shared-mime-info), as the file manager would: by its name's type,
/// or by its first bytes when the name says nothing (no extension, .dat). Reads the file:
/// worker threads only.
public enum FileContentType {
    /// The content type (a MIME type on Linux: "video/mp4"), nil if the file can't be read.
    public static func of(path: String) -> String? {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let info = g_file_query_info(file, "standard::content-type", G_FILE_QUERY_INFO_NONE, nil, nil) else {
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        guard let type = g_file_info_get_content_type(info) else { return nil }
        return String(cString: type)
    }

    /// A video type: "video/…", or a type GIO knows to be one (a subclass of a video type).
    public static func isVideo(_ contentType: String) -> Bool {
        if contentType.hasPrefix("video/") { return true }
        guard let mime = g_content_type_get_mime_type(contentType) else { return false }
        defer { g_free(mime) }
        return String(cString: mime).hasPrefix("video/")
    }
}
