import GtkKit

/// Loopfeed's look: dark, video first, text with a soft shadow so it reads over any frame.
@MainActor
enum Theme {
    static func install() {
        Style.preferDark()
        Style.apply(css: css)
    }

    static let css = """
    window.loopfeed { background-color: #000; color: #fff; }
    .feed-page { background-color: #000; }
    .post-info { margin: 0 84px 16px 14px; }
    .post-author { font-weight: 800; font-size: 16px; text-shadow: 0 1px 3px rgba(0,0,0,0.8); }
    .post-caption { font-size: 14px; text-shadow: 0 1px 3px rgba(0,0,0,0.8); }
    .post-music { font-size: 13px; text-shadow: 0 1px 3px rgba(0,0,0,0.8); }
    .post-scrim { background-image: linear-gradient(to bottom, rgba(0,0,0,0) 55%, rgba(0,0,0,0.55) 100%); }
    .error-card { background-color: rgba(30,30,34,0.92); border-radius: 14px; padding: 20px; margin: 24px; }
    .error-card .title { font-weight: 800; font-size: 17px; }
    .error-card .detail { font-size: 13px; color: #c8c8cc; }
    .tab-bar { background-color: #000; border-top: 1px solid rgba(255,255,255,0.12); padding: 4px 0 2px 0; }
    .tab-bar button { background: none; border: none; box-shadow: none; color: rgba(255,255,255,0.6); padding: 2px 0; min-height: 44px; }
    .tab-bar button.selected { color: #fff; }
    .tab-bar button .tab-label { font-size: 11px; }
    .tab-bar button.create-tab image { background-color: #fff; color: #000; border-radius: 8px; padding: 4px 10px;
        box-shadow: -3px 0 0 #25f4ee, 3px 0 0 #fe2c55; }
    .rail-button { background: none; border: none; box-shadow: none; padding: 2px; color: #fff; }
    .rail-button image { -gtk-icon-shadow: 0 1px 3px rgba(0,0,0,0.6); }
    .rail-count { font-size: 12px; font-weight: 700; text-shadow: 0 1px 3px rgba(0,0,0,0.8); }
    .rail-avatar { border-radius: 999px; border: 2px solid #fff; background-color: #333; }
    image.liked { color: #fe2c55; }
    .heart-burst { color: #fe2c55; -gtk-icon-shadow: 0 2px 8px rgba(0,0,0,0.4); }
    .pause-indicator { color: rgba(255,255,255,0.6); -gtk-icon-shadow: 0 2px 8px rgba(0,0,0,0.5); }
    .placeholder-page { background-color: #121212; }
    .placeholder-page .title { font-weight: 800; font-size: 20px; }
    .placeholder-page .detail { color: #a0a0a8; }
    .toast { background-color: rgba(40,40,44,0.95); border-radius: 18px; padding: 8px 16px; margin-top: 48px; }
    """
}
