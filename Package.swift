// swift-tools-version:6.0
import PackageDescription

// C types must never leak into a public signature: every import is internal unless marked.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Loopfeed",
    products: [
        .executable(name: "loopfeed", targets: ["loopfeed"]),
    ],
    targets: [
        // C system libraries, found with pkg-config.
        .systemLibrary(
            name: "CGLib", path: "Sources/CGLib",
            pkgConfig: "glib-2.0 gobject-2.0 gio-2.0 gio-unix-2.0",
            providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(
            name: "CGtk", path: "Sources/CGtk",
            // epoxy: GTK's own GL loader, for asking which GL renderer the display has. The
            // GStreamer GL windowing libraries and EGL: GTK's GL context is wrapped for GStreamer
            // (the GL frame path) from GDK's X11 (EGL or GLX) or Wayland display.
            pkgConfig: "gtk4 epoxy gstreamer-gl-egl-1.0 gstreamer-gl-x11-1.0 gstreamer-gl-wayland-1.0 egl",
            providers: [.apt(["libgtk-4-dev", "libepoxy-dev", "libgstreamer-plugins-base1.0-dev", "libegl-dev"])]),
        .systemLibrary(
            name: "CGStreamer", path: "Sources/CGStreamer",
            // gstreamer-gl: the GL frame path's display, contexts, GL memory and sync meta (no windowing).
            pkgConfig: "gstreamer-1.0 gstreamer-app-1.0 gstreamer-video-1.0 gstreamer-audio-1.0 gstreamer-pbutils-1.0 gstreamer-gl-1.0",
            providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]),
        // glibc's gettext (libintl.h) and locale queries: headers only, nothing to link.
        .systemLibrary(name: "CIntl", path: "Sources/CIntl"),
        // libxml2: feeds are read with its streaming reader, HTML made plain with its parser.
        .systemLibrary(
            name: "CXML2", path: "Sources/CXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        // libsoup 3: HTTP/1.1 and 2, conditional requests, ranges, proxies, TLS through GIO.
        .systemLibrary(
            name: "CSoup", path: "Sources/CSoup",
            pkgConfig: "libsoup-3.0",
            providers: [.apt(["libsoup-3.0-dev"])]),
        // libsecret: the desktop's keyring (the Secret Service), where account tokens are kept.
        .systemLibrary(
            name: "CSecret", path: "Sources/CSecret",
            pkgConfig: "libsecret-1",
            providers: [.apt(["libsecret-1-dev"])]),
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        // The only hand-written C: macro accessors, variadic wrappers, the frame paintable and
        // the clamp. One shim per library, so what sees GStreamer never sees GTK, even in C.
        .target(name: "CGLibShims", dependencies: ["CGLib"]),
        .target(name: "CGStreamerShims", dependencies: ["CGLib", "CGStreamer"]),
        .target(name: "CGtkShims", dependencies: ["CGtk", "CGStreamerShims"]),

        // Thin owned wrappers over the C APIs; the only Swift that calls C.
        .target(name: "GLibKit", dependencies: ["CGLib", "CGLibShims"], swiftSettings: swiftSettings),
        .target(name: "GStreamerKit", dependencies: ["GLibKit", "CGLib", "CGStreamer", "CGLibShims", "CGStreamerShims"],
                swiftSettings: swiftSettings),
        // GTK over GStreamer (textures over decoded frames), never the other way round.
        .target(name: "GtkKit", dependencies: ["GLibKit", "GStreamerKit", "CGLib", "CGtk", "CGLibShims", "CGtkShims"],
                swiftSettings: swiftSettings),

        // XML and HTML read with libxml2, safely (no network, no entity expansion).
        .target(name: "XMLKit", dependencies: ["CXML2"], swiftSettings: swiftSettings),
        // HTTP with libsoup on the main loop: nothing waits on the network. It implements
        // FeedCore's HTTPTransport: the one client the composition root hands to every caller.
        .target(name: "SoupKit", dependencies: ["CSoup", "CGLib", "GLibKit", "FeedCore"], swiftSettings: swiftSettings),

        // FeedCore's SecretStoring over libsecret: tokens in the desktop's keyring, never in files.
        .target(name: "KeyringKit", dependencies: ["CSecret", "CGLib", "GLibKit", "FeedCore"], swiftSettings: swiftSettings),

        // FeedCore's Timers and BackgroundWork over GLib's main loop: the app's, and the tests'
        // that run a real main loop, from one place.
        .target(name: "MainLoopServices", dependencies: ["FeedCore", "GLibKit"], swiftSettings: swiftSettings),

        // The user's language: gettext and locale-aware numbers, below everything that speaks.
        .target(name: "Localization", dependencies: ["CIntl"], swiftSettings: swiftSettings),

        // Domain and services.
        .target(name: "FeedCore", dependencies: ["Localization"], swiftSettings: swiftSettings),
        .target(name: "FeedStorage", dependencies: ["FeedCore", "Localization", "CSQLite", "GLibKit"], swiftSettings: swiftSettings),
        .target(name: "FeedSources", dependencies: ["FeedCore", "Localization", "GLibKit", "XMLKit"], swiftSettings: swiftSettings),
        .target(name: "FeedMedia", dependencies: ["FeedCore", "Localization", "GLibKit", "GStreamerKit"], swiftSettings: swiftSettings),
        .target(name: "VideoBridge", dependencies: ["FeedMedia", "GStreamerKit", "GtkKit", "GLibKit"], swiftSettings: swiftSettings),
        // The GTK-free upper half: one store per screen, the feed and create sessions, what the
        // views bind to; tested without a display over FeedTesting's fakes.
        .target(name: "FeedPresentation", dependencies: ["FeedCore", "Localization"], swiftSettings: swiftSettings),
        // GTK views only: they bind widgets to FeedPresentation's stores and sessions.
        .target(name: "FeedUI", dependencies: ["FeedCore", "FeedPresentation", "Localization", "FeedMedia", "VideoBridge", "GtkKit", "GLibKit"], swiftSettings: swiftSettings),
        // MPRIS2 over the feed's PlaybackControl: outside the widgets, as Clapper has it.
        .target(name: "MediaControls", dependencies: ["FeedCore", "GLibKit"], swiftSettings: swiftSettings),
        .target(
            name: "LoopfeedApp",
            dependencies: ["FeedCore", "Localization", "FeedStorage", "FeedSources", "FeedMedia", "VideoBridge", "FeedPresentation", "FeedUI", "MediaControls", "MainLoopServices", "GtkKit", "GLibKit", "GStreamerKit", "SoupKit", "KeyringKit"],
            swiftSettings: swiftSettings),
        .executableTarget(name: "loopfeed", dependencies: ["LoopfeedApp"], swiftSettings: swiftSettings),
        // Benchmark of Discover's search over a large library (bench/run.sh runs it, step 6).
        // The made-up large library both of the next two write.
        .target(name: "SyntheticLibrary", dependencies: ["FeedCore", "FeedStorage", "TestSupport"], swiftSettings: swiftSettings),
        .executableTarget(name: "loopfeed-search-bench", dependencies: ["FeedCore", "FeedStorage", "SyntheticLibrary"],
                          swiftSettings: swiftSettings),
        // For You's quality bench: simulated users against the ranking and two baselines (bench/run.sh, step 10).
        .executableTarget(name: "loopfeed-foryou-bench", dependencies: ["FeedCore"], swiftSettings: swiftSettings),
        // A large library for the reliability runs (100,000 posts, 1,000 subscriptions).
        .executableTarget(name: "loopfeed-make-library", dependencies: ["FeedCore", "FeedStorage", "SyntheticLibrary"],
                          swiftSettings: swiftSettings),

        // Helpers the test targets share (onMain, Locked); the fakes are in FeedTesting.
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: swiftSettings),

        // In-memory fakes of the FeedCore protocols.
        .target(name: "FeedTesting", dependencies: ["FeedCore"], swiftSettings: swiftSettings),

        .testTarget(name: "GLibKitTests", dependencies: ["GLibKit", "GtkKit", "GStreamerKit", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"], swiftSettings: swiftSettings),
        .testTarget(name: "FeedCoreTests", dependencies: ["FeedCore", "FeedTesting", "Localization", "TestSupport"],
                    exclude: ["Fixtures"], swiftSettings: swiftSettings),
        .testTarget(name: "FeedStorageTests", dependencies: ["FeedStorage", "FeedCore", "GLibKit", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "FeedSourcesTests", dependencies: ["FeedSources", "FeedCore", "FeedStorage", "FeedTesting", "GLibKit", "SoupKit", "MainLoopServices", "TestSupport"],
                    exclude: ["video_test_server.py", "Fixtures"], swiftSettings: swiftSettings),
        .testTarget(name: "FeedMediaTests", dependencies: ["FeedMedia", "FeedCore", "FeedTesting", "GStreamerKit", "GLibKit", "TestSupport"],
                    exclude: ["Fixtures"], swiftSettings: swiftSettings),
        .testTarget(name: "KeyringKitTests", dependencies: ["KeyringKit", "FeedCore", "GLibKit", "MainLoopServices", "TestSupport"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "SoupKitTests", dependencies: ["SoupKit", "FeedCore", "GLibKit", "MainLoopServices", "TestSupport"],
                    exclude: ["http_test_server.py"], swiftSettings: swiftSettings),
        .testTarget(name: "FeedPresentationTests", dependencies: ["FeedPresentation", "FeedCore", "FeedTesting", "Localization", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "VideoBridgeTests", dependencies: ["VideoBridge", "FeedMedia", "GtkKit", "GStreamerKit", "GLibKit", "CGtk", "TestSupport"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "LoopfeedAppTests", dependencies: ["LoopfeedApp", "FeedCore", "FeedMedia", "FeedTesting"], swiftSettings: swiftSettings),
    ]
)
