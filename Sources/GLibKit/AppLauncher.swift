import CGLib

/// Opens a URI in the desktop's default application for it (a folder in the file manager, a
/// link in the browser), asynchronously.
@MainActor
public enum AppLauncher {
    public static func openDefault(uri: String, completion: @escaping @MainActor (Result<Void, GLibError>) -> Void) {
        let box = CallbackBox<@MainActor (Result<Void, GLibError>) -> Void>(completion)
        g_app_info_launch_default_for_uri_async(uri, nil, nil, { _, result, data in
            guard let data else { return }
            let completion = CallbackBox<@MainActor (Result<Void, GLibError>) -> Void>.from(data)
            var error: UnsafeMutablePointer<GError>?
            let ok = g_app_info_launch_default_for_uri_finish(result, &error)
            let outcome: Result<Void, GLibError> = ok != 0 ? .success(())
                : .failure(error.map { GLibError(consuming: $0) } ?? GLibError(domain: "g-io-error-quark", code: 0, message: "could not open"))
            MainActor.assumeIsolated { completion(outcome) }
            AnyCallbackBox.release(data)
        }, box.retainedPointer())
    }
}
