import CGtk
import CGtkShims
public import GLibKit

/// A GTK event controller; the widget it is added to owns it.
@MainActor
public class EventController {
    public let handle: GObjectHandle
    private var connections: [SignalConnection] = []

    init(adopting pointer: UnsafeMutableRawPointer) { handle = GObjectHandle(adopting: pointer) }

    isolated deinit { for connection in connections { connection.disconnect() } }

    func keep(_ connection: SignalConnection) { connections.append(connection) }

    public enum Phase { case capture, bubble }

    public func setPhase(_ phase: Phase) {
        gtk_event_controller_set_propagation_phase(OpaquePointer(handle.raw),
                                                   phase == .capture ? GTK_PHASE_CAPTURE : GTK_PHASE_BUBBLE)
    }
}

/// Key presses. Return true from the handler to stop the event.
@MainActor
public final class KeyController: EventController {
    public init() { super.init(adopting: UnsafeMutableRawPointer(gtk_event_controller_key_new())) }

    public func onKeyPressed(_ handler: @escaping @MainActor (KeyPress) -> Bool) {
        typealias Handler = @MainActor (KeyPress) -> Bool
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32, GdkModifierType, UnsafeMutableRawPointer?) -> Int32 = { _, keyval, _, state, data in
            guard let data else { return 0 }
            let handler = CallbackBox<Handler>.from(data)
            let press = KeyPress(keyval: keyval, modifiers: Modifiers(rawValue: UInt32(lf_key_event_state(state))))
            return MainActor.assumeIsolated { handler(press) } ? 1 : 0
        }
        keep(Signals.connect(handle.raw, "key-pressed", handler: handler as Handler,
                             trampoline: unsafeBitCast(trampoline, to: GCallback.self)))
    }

    public func onKeyReleased(_ handler: @escaping @MainActor (KeyPress) -> Void) {
        typealias Handler = @MainActor (KeyPress) -> Void
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32, GdkModifierType, UnsafeMutableRawPointer?) -> Void = { _, keyval, _, state, data in
            guard let data else { return }
            let handler = CallbackBox<Handler>.from(data)
            let press = KeyPress(keyval: keyval, modifiers: Modifiers(rawValue: UInt32(lf_key_event_state(state))))
            MainActor.assumeIsolated { handler(press) }
        }
        keep(Signals.connect(handle.raw, "key-released", handler: handler as Handler,
                             trampoline: unsafeBitCast(trampoline, to: GCallback.self)))
    }
}

public struct Modifiers: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: GDK_SHIFT_MASK.rawValue)
    public static let control = Modifiers(rawValue: GDK_CONTROL_MASK.rawValue)
    public static let alt = Modifiers(rawValue: GDK_ALT_MASK.rawValue)
}

public struct KeyPress: Sendable, Equatable {
    public let keyval: UInt32
    public let modifiers: Modifiers

    public init(keyval: UInt32, modifiers: Modifiers) {
        self.keyval = keyval
        self.modifiers = modifiers
    }

    /// The key's name as GDK spells it ("Down", "q", "question", "F11").
    public var name: String {
        gdk_keyval_name(keyval).map { String(cString: $0) } ?? ""
    }

    /// Tab, Shift+Tab or an arrow: a key that moves the keyboard focus.
    public var movesFocus: Bool {
        ["Tab", "ISO_Left_Tab", "KP_Tab", "Up", "Down", "Left", "Right", "KP_Up", "KP_Down", "KP_Left", "KP_Right"]
            .contains(name)
    }

    /// The printable character the key types (not space, not control keys), if any.
    public var character: Character? {
        let code = gdk_keyval_to_unicode(keyval)
        guard code > 0x20, code != 0x7f, let scalar = Unicode.Scalar(code) else { return nil }
        return Character(scalar)
    }

    public static func == (lhs: KeyPress, rhs: KeyPress) -> Bool {
        lhs.keyval == rhs.keyval && lhs.modifiers.rawValue == rhs.modifiers.rawValue
    }
}

/// Keyboard focus entering and leaving a widget (GtkEventControllerFocus): a control drawn by hand
/// redraws its focus ring from here.
@MainActor
public final class FocusController: EventController {
    public init() { super.init(adopting: UnsafeMutableRawPointer(gtk_event_controller_focus_new())) }

    public func onEnter(_ handler: @escaping @MainActor () -> Void) { keep(Signals.connect(handle.raw, "enter", handler)) }
    public func onLeave(_ handler: @escaping @MainActor () -> Void) { keep(Signals.connect(handle.raw, "leave", handler)) }
}
