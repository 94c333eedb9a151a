import GtkKit

/// Loopfeed's look: dark, video first, text with a shadow so it reads over any frame.
/// Shadows over the video are sharp (no blur radius): GTK 4.8's cairo renderer blurs a shadow
/// again at every paint over the whole region the new frame damages, on the main thread; the
/// Home switch's 2 px blur alone took 31 % of a core while a video played (0 1px 0: 4 %).
/// For the same reason only the window is painted black under the feed: a background on the
/// feed or its pages is filled again, over the whole page, under every frame.
@MainActor
enum Theme {
    static func install() {
        Style.preferDark()
        Style.apply(css: css)
        NetworkStyle.install()
    }

    // Text sizes are in points: GTK scales them with the desktop's text scaling (gtk-xft-dpi), which
    // leaves sizes in px as they are (at 1.5x the feed's labels came out exactly as at 1x). At 96 dpi
    // 0.75pt is 1px. The editor's text over the clip stays in px: it shows what is burned into the video.
    // The focus ring: GTK's theme draws it dark blue at 70 % and fades it in over 0.3 s, which can't
    // be seen on a video or the camera's picture; here it is white and there at once, everywhere
    // (the dialogs too). A white chip gets it outside its edge.
    static let css = """
    button:focus:focus-visible, switch:focus:focus-visible, checkbutton:focus:focus-visible,
    label:focus:focus-visible, entry:focus-within, textview:focus-visible { outline-color: #fff; }
    button, switch, checkbutton, label, entry, textview { transition-property: none; }
    .limit-chip.selected:focus-visible { outline-offset: 2px; }
    window.loopfeed { background-color: #000; color: #fff; }
    .post-info { margin: 0 12px 16px 14px; }
    .post-author { font-weight: 800; font-size: 12pt; text-shadow: 0 1px 0 rgba(0,0,0,0.7); }
    .post-author-button { padding: 0; min-height: 0; min-width: 0; background: none; border: none; box-shadow: none;
        color: #fff; }
    .post-author-button:focus-visible { outline: 2px solid #fff; outline-offset: 1px; border-radius: 4px;
        box-shadow: 0 0 0 5px rgba(0,0,0,0.6); }
    .post-caption { font-size: 10.5pt; text-shadow: 0 1px 0 rgba(0,0,0,0.7); }
    .post-music { font-size: 9.75pt; text-shadow: 0 1px 0 rgba(0,0,0,0.7); }
    .post-scrim { background-image: linear-gradient(to bottom, rgba(0,0,0,0) 0%, rgba(0,0,0,0.006) 10%,
        rgba(0,0,0,0.024) 20%, rgba(0,0,0,0.054) 30%, rgba(0,0,0,0.096) 40%, rgba(0,0,0,0.15) 50%, rgba(0,0,0,0.216) 60%,
        rgba(0,0,0,0.294) 70%, rgba(0,0,0,0.384) 80%, rgba(0,0,0,0.486) 90%, rgba(0,0,0,0.6) 100%); }
    .page-backdrop { opacity: 0.4; }
    .player-control, .sound-button { opacity: 0; transition: opacity 150ms ease-out; }
    .player-control.shown, .sound-button.shown { opacity: 1; }
    button.sound-button { color: #fff; background-color: rgba(0,0,0,0.45); border-radius: 999px; padding: 8px;
        min-width: 0; min-height: 0; border: none; box-shadow: none; -gtk-icon-shadow: none; }
    button.sound-button:hover { background-color: rgba(0,0,0,0.6); }
    scale.loop-progress { padding: 0 0 6px 0; margin: 0; min-height: 0; }
    scale.loop-progress trough { min-height: 3px; margin: 0; border: none; border-radius: 0; box-shadow: none;
        background-color: rgba(255,255,255,0.3); }
    scale.loop-progress highlight { min-height: 3px; margin: 0; border: none; border-radius: 0; background: #fff; }
    scale.loop-progress slider { min-width: 12px; min-height: 12px; margin: -5px; padding: 0; border: none;
        border-radius: 999px; background: #fff; box-shadow: 0 0 0 1px rgba(0,0,0,0.35); outline: none; }
    scale.loop-progress:hover trough, scale.loop-progress:hover highlight { min-height: 5px; }
    scale.volume-slider { padding: 10px 4px; margin: 0; }
    scale.volume-slider trough { min-height: 4px; border: none; border-radius: 2px; box-shadow: 0 0 0 1px rgba(0,0,0,0.25);
        background-color: rgba(255,255,255,0.35); }
    scale.volume-slider highlight { min-height: 4px; margin: 0; border: none; border-radius: 2px; background: #fff; }
    scale.volume-slider slider { min-width: 12px; min-height: 12px; margin: -4px; padding: 0; border: none;
        border-radius: 999px; background: #fff; box-shadow: 0 0 0 1px rgba(0,0,0,0.35); outline: none; }
    .error-card { background-color: rgba(30,30,34,0.92); border-radius: 14px; padding: 20px; margin: 24px 76px 24px 24px; }
    .error-card .title { font-weight: 800; font-size: 12.75pt; }
    .error-card .detail { font-size: 9.75pt; color: #c8c8cc; }
    .tab-bar { background-color: #000; border-top: 1px solid rgba(255,255,255,0.12); padding: 4px 0 2px 0; }
    .tab-bar button { background: none; border: none; box-shadow: none; color: rgba(255,255,255,0.6); padding: 2px 0; min-height: 44px; }
    .tab-bar button.selected { color: #fff; }
    .tab-bar button .tab-label { font-size: 8.25pt; }
    .tab-bar button.create-tab image { background-color: #fff; color: #000; border-radius: 8px; padding: 4px 10px;
        box-shadow: -3px 0 0 #25f4ee, 3px 0 0 #fe2c55; padding: 5px 13px; }
    .rail-button { background: none; border: none; box-shadow: none; padding: 2px; color: #fff; }
    .rail-button image { -gtk-icon-shadow: 0 1px 0 rgba(0,0,0,0.6); }
    .rail-button:focus-visible { outline: 2px solid #fff; outline-offset: 1px; border-radius: 12px;
        box-shadow: 0 0 0 5px rgba(0,0,0,0.6); }
    .delivery-mark label.delivery-status { color: #fff; font-size: 8pt; text-shadow: 0 1px 0 rgba(0,0,0,0.7); }
    .delivery-mark button.delivery-refused { background-color: rgba(0,0,0,0.6); color: #ffb4c0; border: 1px solid #fe2c55;
        border-radius: 999px; padding: 1px 6px; min-height: 0; font-size: 8pt; font-weight: bold; }
    .delivery-mark button.delivery-refused:focus-visible { outline: 2px solid #fff; outline-offset: 1px; }
    button.follow-badge { background-color: #fe2c55; color: #fff; border-radius: 999px; min-width: 20px; min-height: 20px;
        padding: 0; border: none; box-shadow: 0 1px 0 rgba(0,0,0,0.4); -gtk-icon-size: 12px; }
    button.follow-badge:hover { background-color: #ff4770; }
    button.follow-badge:focus-visible { outline: 2px solid #fff; outline-offset: 1px; box-shadow: 0 0 0 5px rgba(0,0,0,0.6); }
    .tab-bar button:focus-visible { outline: 2px solid #fff; outline-offset: -3px; border-radius: 8px; }
    .post-caption:focus-visible, .post-caption link:focus-visible { outline: none; }
    .link-ring { border: 2px solid #fff; border-radius: 4px; box-shadow: 0 0 0 2px rgba(0,0,0,0.6), inset 0 0 0 1px rgba(0,0,0,0.6); }
    .rail-count { font-size: 9pt; font-weight: 700; text-shadow: 0 1px 0 rgba(0,0,0,0.7); }
    .rail-views { color: #fff; padding: 2px; opacity: 0.92; }
    .rail-views image { -gtk-icon-shadow: 0 1px 0 rgba(0,0,0,0.6); }
    .rail-avatar { border-radius: 999px; border: 2px solid #fff; background-color: #333; }
    image.liked { color: #fe2c55; }
    .heart-burst { color: #fe2c55; -gtk-icon-shadow: 0 2px 8px rgba(0,0,0,0.4); }
    .pause-indicator { color: rgba(255,255,255,0.6); -gtk-icon-shadow: 0 1px 0 rgba(0,0,0,0.5); }
    .sheet-dim { background-color: rgba(0,0,0,0.45); }
    .comments-sheet { background-color: #18181c; border-radius: 12px 12px 0 0;
        box-shadow: 0 -4px 24px rgba(0,0,0,0.5); }
    .sheet-grip { background-color: rgba(255,255,255,0.3); border-radius: 3px; min-width: 36px; min-height: 4px;
        margin-top: 8px; }
    .sheet-header { padding: 4px 8px 8px 16px; }
    .sheet-title { font-weight: 700; font-size: 10.5pt; }
    .comment-author { color: rgba(255,255,255,0.6); font-size: 9pt; font-weight: 600; }
    .comment-text { font-size: 10.5pt; }
    .comment-time { color: rgba(255,255,255,0.45); font-size: 9pt; }
    .comment-avatar { border-radius: 999px; background-color: #333; }
    .comment-like, .comment-delete { color: rgba(255,255,255,0.6); padding: 2px 6px; min-height: 0; }
    .comment-like-count { font-size: 8.25pt; color: rgba(255,255,255,0.6); }
    .video-captions { color: #fff; background-color: rgba(0,0,0,0.72); border-radius: 6px; padding: 4px 10px;
        font-size: 12pt; font-weight: 600; }
    .rail-captions label { font-weight: 800; font-size: 11pt; color: rgba(255,255,255,0.75); border: 2px solid rgba(255,255,255,0.75);
        border-radius: 5px; padding: 0 4px; }
    .rail-captions.on label { color: #000; background-color: #fff; border-color: #fff; }
    .comment-author-name { font-size: 9.75pt; font-weight: 700; color: rgba(255,255,255,0.9); }
    .remote-comment .comment-author { font-weight: 400; }
    .comment-deleted { font-style: italic; color: rgba(255,255,255,0.5); }
    .comment-refused { color: #ff6b81; font-size: 9pt; }
    .comment-refused-action { font-size: 9pt; min-height: 24px; padding: 0 10px; }
    .reply-bar { padding: 2px 8px 0 16px; }
    .comment-text link { color: #7cc4ff; }
    .comment-replies, .comment-order { color: rgba(255,255,255,0.65); font-size: 9pt; font-weight: 700; padding: 2px 6px;
        min-height: 0; }
    .comment-order { border-radius: 999px; }
    .comment-order.selected { color: #fff; background-color: rgba(255,255,255,0.16); }
    .comment-status { color: rgba(255,255,255,0.7); font-size: 9.5pt; }
    .comment-replies:focus-visible, .comment-order:focus-visible, .comment-retry:focus-visible {
        outline: 2px solid #fff; outline-offset: 1px; border-radius: 8px; }
    .composer { padding: 8px 12px 12px 12px; border-top: 1px solid rgba(255,255,255,0.1); }
    .composer-text { background-color: #2c2c31; border-radius: 8px; padding: 8px; min-height: 20px; color: #fff; }
    .composer-text text, .form-text text { background-color: transparent; color: #fff; }
    .form-text { background-color: #2d2d2d; border: 1px solid #1b1b1b; border-radius: 6px; padding: 7px 9px; }
    textview.composer-text:focus-visible, textview.form-text:focus-visible { outline: 2px solid #fff; outline-offset: -2px; }
    .composer-placeholder { color: rgba(255,255,255,0.45); margin-left: 10px; }
    .composer-message { color: #ff6b81; font-size: 9pt; padding: 4px 16px 0 16px; }
    .undo-bar { background-color: #2c2c31; padding: 6px 12px; margin: 0 12px; border-radius: 8px; }
    .post-tile { padding: 0; margin: 0; border: none; border-radius: 0; min-width: 0; min-height: 0;
        background-color: #1c1c1f; }
    .tile-likes { margin: 4px 6px; font-size: 9pt; font-weight: 700; text-shadow: 0 1px 0 rgba(0,0,0,0.8); }
    .hashtag-chip { border-radius: 999px; padding: 2px 12px; min-height: 28px; }
    .discover-page { background-color: #000; }
    .discover-status { color: rgba(255,255,255,0.6); margin: 24px; }
    .results-back { border-radius: 999px; background-color: rgba(0,0,0,0.45); color: #fff; }
    .marquee scrollbar { opacity: 0; }
    label link { color: #fff; }
    .profile-page { background-color: #000; }
    .profile-shade { background-image: linear-gradient(to bottom, rgba(0,0,0,0.15) 0%, rgba(0,0,0,0.85) 100%); }
    .profile-info { padding: 0 16px 16px 16px; }
    .profile-avatar { border-radius: 999px; border: 3px solid #fff; background-color: #333; }
    .profile-name { font-size: 15pt; font-weight: 800; }
    .profile-handle { color: rgba(255,255,255,0.75); }
    .profile-bio { font-size: 9.75pt; }
    .profile-count { font-size: 12.75pt; font-weight: 800; }
    .profile-count-caption { font-size: 9pt; color: rgba(255,255,255,0.7); }
    button.follow-button { background: #fe2c55; color: #fff; font-weight: 700; border-radius: 4px; padding: 4px 28px;
        border: none; box-shadow: none; }
    button.follow-button:hover { background: #ff4770; }
    button.follow-button:active { background: #d81f45; }
    button.follow-button.followed, button.follow-button.followed:hover { background: rgba(255,255,255,0.18); }
    .profile-secondary { border-radius: 4px; }
    .profile-tabs { background-color: #000; border-bottom: 1px solid rgba(255,255,255,0.12); min-height: 42px; }
    .profile-tab { border-radius: 0; color: rgba(255,255,255,0.55); transition: color 250ms ease-out; }
    .profile-tab.selected { color: #fff; }
    .profile-underline { background-color: #fff; min-height: 2px; }
    .inbox-page { background-color: #000; }
    .inbox-title { font-weight: 800; font-size: 12pt; margin: 14px 0 8px 0; }
    .inbox-row { border-radius: 0; padding: 8px 14px; }
    .inbox-row.unread { background-color: rgba(254,44,85,0.10); }
    .unread-dot { background-color: #fe2c55; border-radius: 999px; min-width: 8px; min-height: 8px; }
    .inbox-kind { color: rgba(255,255,255,0.7); }
    .inbox-kind.liked { color: #fe2c55; }
    .inbox-thumbnail { border-radius: 3px; background-color: #222; }
    .tab-badge { background-color: #fe2c55; color: #fff; border-radius: 999px; font-size: 6.75pt; font-weight: 800;
        padding: 0 4px; min-width: 10px; }
    .create-page { background-color: #000; }
    .record-status { font-weight: 700; text-shadow: 0 1px 0 rgba(0,0,0,0.7); }
    .capture-tool { background-color: rgba(0,0,0,0.45); color: #fff; border-radius: 999px; padding: 2px 12px;
        min-height: 26px; font-size: 9pt; }
    .capture-tool.selected, .capture-tool.selected:hover { background-color: #fe2c55; background-image: none; }
    .capture-tool:disabled { color: rgba(255,255,255,0.35); }
    .limit-chip { background: rgba(0,0,0,0.35); color: rgba(255,255,255,0.7); border: none; border-radius: 999px;
        padding: 0 10px; min-height: 24px; font-size: 9pt; font-weight: 700; }
    .limit-chip.selected { background: #fff; color: #000; }
    .countdown { font-size: 90pt; font-weight: 800; color: #fff; text-shadow: 0 2px 12px rgba(0,0,0,0.6); }
    .overlay-text { font-size: 38px; font-weight: 800; color: #fff;
        text-shadow: 2px 2px 0 #000, -1px -1px 0 #000, 1px -1px 0 #000, -1px 1px 0 #000; }
    .sound-row { background: none; border: none; box-shadow: none; padding: 6px 8px; }
    .sound-title { font-weight: 700; }
    .posting-page { background-color: #000; padding: 12px 16px 16px 16px; }
    .cover-frame { padding: 2px; border-radius: 4px; border: 2px solid transparent; background: none; min-width: 0; }
    .cover-frame.selected { border-color: #fe2c55; }
    button.post-button, button.post-button:hover { background-color: #fe2c55; color: #fff; font-weight: 800; min-height: 40px; border: none; }
    .post-form { background-color: rgba(0,0,0,0.6); padding: 12px; }
    .device-missing { color: #ff6b81; }
    .device-ok { color: #8fe3a1; }
    .placeholder-page { background-color: #121212; }
    .placeholder-page .title { font-weight: 800; font-size: 15pt; }
    .placeholder-page .detail { color: #a0a0a8; }
    .share-menu { padding: 4px; }
    .share-choice { padding: 6px 14px; }
    .home-switch-choice { background: none; border: none; box-shadow: none; padding: 4px 6px; min-height: 0;
        color: rgba(255,255,255,0.72); font-size: 12.75pt; font-weight: 700; text-shadow: 0 1px 0 rgba(0,0,0,0.9); }
    .home-switch-choice.selected { color: #fff; font-weight: 800; border-bottom: 2px solid #fff; border-radius: 0; }
    .home-switch-choice:focus-visible { outline: 2px solid #fff; outline-offset: 1px; border-radius: 6px; }
    .home-switch.compact .home-switch-choice { font-size: 11pt; padding: 4px 3px; }
    .home-switch-divider { color: rgba(255,255,255,0.5); font-size: 11pt; text-shadow: 0 1px 0 rgba(0,0,0,0.9); }
    .why-video { padding: 6px 4px; }
    .why-video-title { font-weight: 800; }
    .undo-toast { background-color: rgba(40,40,44,0.95); border-radius: 18px; padding: 6px 8px 6px 16px; }
    .undo-toast label { color: #fff; }
    .undo-toast-button { font-weight: 800; color: #fe2c55; background: none; border: none; box-shadow: none; }
    .toast { background-color: rgba(40,40,44,0.95); border-radius: 18px; padding: 8px 16px; margin-top: 48px; }
    .preferences-heading { font-weight: 800; font-size: 11.25pt; margin-top: 8px; }
    .preferences .dim-label { color: rgba(255,255,255,0.6); }
    .import-banner { background-color: rgba(28,28,32,0.96); border-radius: 14px; padding: 10px 12px; margin: 10px; }
    .import-banner label { color: #fff; }
    .import-banner progressbar trough, .import-banner progressbar progress { min-height: 6px; border-radius: 3px; }
    .import-banner progressbar progress { background-color: #fe2c55; }
    .welcome-card { background-color: rgba(28,28,32,0.97); border-radius: 14px; padding: 12px 14px; margin: 10px; }
    .welcome-card label { color: #fff; }
    .welcome-card .welcome-title { font-weight: 800; font-size: 13pt; }
    .welcome-card button:not(.flat) { background: #fe2c55; color: #fff; border-radius: 8px; padding: 6px 12px; }
    .welcome-card button.flat { color: #fff; }
    .drop-zone { background-color: rgba(254,44,85,0.22); border: 3px dashed #fe2c55; border-radius: 18px; margin: 12px; }
    .drop-zone label { color: #fff; font-weight: 800; font-size: 15pt; text-shadow: 0 1px 3px #000; }
    """
}
