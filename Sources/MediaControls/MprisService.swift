public import FeedCore
import Foundation
import GLibKit

/// MPRIS2 on the session bus (`org.mpris.MediaPlayer2.loopfeed`): media keys, desktop media
/// controls and `playerctl` drive the feed through `PlaybackControl`. Next/Previous walk the feed.
@MainActor
public final class MprisService {
    private static let root = "org.mpris.MediaPlayer2"
    private static let player = "org.mpris.MediaPlayer2.Player"
    private var service: DBusService?
    private var state: PlaybackState
    private weak var control: PlaybackControl?

    /// Exports the player for `control`; MPRIS stays off when there is no session bus.
    public init(control: PlaybackControl) {
        self.control = control
        state = control.playbackState
        service = try? DBusService(
                // A second instance (another library) takes an instance name, as the spec allows.
                names: ["org.mpris.MediaPlayer2.loopfeed", "org.mpris.MediaPlayer2.loopfeed.instance\(getpid())"],
                path: "/org/mpris/MediaPlayer2", introspectionXML: Self.introspection,
                method: { [weak self] interface, method, arguments in
                    self?.call(interface, method, arguments) ?? .success(nil)
                },
                get: { [weak self] interface, property in self?.property(interface, property) },
                set: { [weak self] interface, property, value in self?.set(interface, property, value) ?? false })
        // Without a session bus the app runs on; media keys and desktop controls can't reach it.
        service?.onNoBus = {
            FileHandle.standardError.write(Data("loopfeed: no D-Bus session bus: MPRIS (media keys, desktop media controls) is off\n".utf8))
        }
        control.onPlaybackStateChanged = { [weak self] state in self?.update(state) }
    }

    /// Publishes what changed since the last update.
    private func update(_ new: PlaybackState) {
        let old = state
        state = new
        var changed: [(String, Variant)] = []
        if old.post != new.post || old.url != new.url || old.artURL != new.artURL || old.lengthUs != new.lengthUs {
            changed.append(("Metadata", metadata))
        }
        if old.playing != new.playing || old.stopped != new.stopped { changed.append(("PlaybackStatus", .string(status))) }
        if old.volume != new.volume { changed.append(("Volume", .double(new.volume))) }
        if old.canGoNext != new.canGoNext { changed.append(("CanGoNext", .bool(new.canGoNext))) }
        if old.canGoPrevious != new.canGoPrevious { changed.append(("CanGoPrevious", .bool(new.canGoPrevious))) }
        service?.propertiesChanged(interface: Self.player, changed)
    }

    private var status: String { state.stopped ? "Stopped" : state.playing ? "Playing" : "Paused" }

    private var metadata: Variant {
        guard let post = state.post else {
            return .dictionary([("mpris:trackid", .objectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack"))])
        }
        var entries: [(String, Variant)] = [
            ("mpris:trackid", .objectPath("/io/github/loopfeed/Loopfeed/post/\(post.id)")),
            ("xesam:title", .string(post.caption)),
            ("xesam:artist", .strings([post.author.atHandle])),
            ("xesam:album", .string(post.musicLine)),
            ("xesam:url", .string(state.url)),
            ("mpris:length", .int64(state.lengthUs)),
            ("xesam:userRating", .double(post.liked ? 1.0 : 0.0)),
        ]
        if let art = state.artURL { entries.append(("mpris:artUrl", .string(art))) }
        return .dictionary(entries)
    }

    private func call(_ interface: String, _ method: String, _ arguments: [Variant]) -> Result<Variant?, DBusMethodError> {
        switch (interface, method) {
        case (Self.root, "Raise"): control?.raise()
        case (Self.root, "Quit"): control?.quit()
        case (Self.player, "Next"): control?.next()
        case (Self.player, "Previous"): control?.previous()
        case (Self.player, "Play"): control?.play()
        case (Self.player, "Pause"): control?.pause()
        case (Self.player, "PlayPause"): control?.playPause()
        case (Self.player, "Stop"): control?.stop()
        case (Self.player, "Seek"), (Self.player, "SetPosition"):
            // Short loops are not seekable (CanSeek is false); the spec says to ignore these.
            break
        case (Self.player, "OpenUri"):
            return .failure(DBusMethodError(message: "Open files by passing them to loopfeed on the command line"))
        default:
            return .failure(DBusMethodError(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "Unknown method \(method)"))
        }
        return .success(nil)
    }

    private func property(_ interface: String, _ name: String) -> Variant? {
        switch (interface, name) {
        case (Self.root, "CanQuit"), (Self.root, "CanRaise"): .bool(true)
        case (Self.root, "CanSetFullscreen"), (Self.root, "HasTrackList"): .bool(false)
        case (Self.root, "Identity"): .string("Loopfeed")
        case (Self.root, "DesktopEntry"): .string("io.github.loopfeed.Loopfeed")
        case (Self.root, "SupportedUriSchemes"): .strings(["file"])
        case (Self.root, "SupportedMimeTypes"): .strings(["video/mp4", "video/webm", "video/x-matroska", "video/quicktime"])
        case (Self.player, "PlaybackStatus"): .string(status)
        case (Self.player, "LoopStatus"): .string("Track")
        case (Self.player, "Rate"), (Self.player, "MinimumRate"), (Self.player, "MaximumRate"): .double(1.0)
        case (Self.player, "Shuffle"): .bool(false)
        case (Self.player, "Metadata"): metadata
        case (Self.player, "Volume"): .double(state.volume)
        case (Self.player, "Position"): .int64(control?.positionUs ?? 0)
        case (Self.player, "CanGoNext"): .bool(state.canGoNext)
        case (Self.player, "CanGoPrevious"): .bool(state.canGoPrevious)
        case (Self.player, "CanPlay"), (Self.player, "CanPause"): .bool(state.post != nil)
        case (Self.player, "CanSeek"): .bool(false)
        case (Self.player, "CanControl"): .bool(true)
        default: nil
        }
    }

    private func set(_ interface: String, _ name: String, _ value: Variant) -> Bool {
        guard interface == Self.player, name == "Volume", let volume = value.doubleValue else { return false }
        control?.setVolume(min(1, max(0, volume)))
        return true
    }

    private static let introspection = """
    <node>
      <interface name="org.mpris.MediaPlayer2">
        <method name="Raise"/>
        <method name="Quit"/>
        <property name="CanQuit" type="b" access="read"/>
        <property name="CanRaise" type="b" access="read"/>
        <property name="CanSetFullscreen" type="b" access="read"/>
        <property name="HasTrackList" type="b" access="read"/>
        <property name="Identity" type="s" access="read"/>
        <property name="DesktopEntry" type="s" access="read"/>
        <property name="SupportedUriSchemes" type="as" access="read"/>
        <property name="SupportedMimeTypes" type="as" access="read"/>
      </interface>
      <interface name="org.mpris.MediaPlayer2.Player">
        <method name="Next"/>
        <method name="Previous"/>
        <method name="Pause"/>
        <method name="PlayPause"/>
        <method name="Stop"/>
        <method name="Play"/>
        <method name="Seek"><arg direction="in" name="Offset" type="x"/></method>
        <method name="SetPosition"><arg direction="in" name="TrackId" type="o"/><arg direction="in" name="Position" type="x"/></method>
        <method name="OpenUri"><arg direction="in" name="Uri" type="s"/></method>
        <signal name="Seeked"><arg name="Position" type="x"/></signal>
        <property name="PlaybackStatus" type="s" access="read"/>
        <property name="LoopStatus" type="s" access="read"/>
        <property name="Rate" type="d" access="read"/>
        <property name="Shuffle" type="b" access="read"/>
        <property name="Metadata" type="a{sv}" access="read"/>
        <property name="Volume" type="d" access="readwrite"/>
        <property name="Position" type="x" access="read"/>
        <property name="MinimumRate" type="d" access="read"/>
        <property name="MaximumRate" type="d" access="read"/>
        <property name="CanGoNext" type="b" access="read"/>
        <property name="CanGoPrevious" type="b" access="read"/>
        <property name="CanPlay" type="b" access="read"/>
        <property name="CanPause" type="b" access="read"/>
        <property name="CanSeek" type="b" access="read"/>
        <property name="CanControl" type="b" access="read"/>
      </interface>
    </node>
    """
}
