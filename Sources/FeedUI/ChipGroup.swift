import GtkKit
import Localization

/// A row of chips that is one Tab stop: Tab lands on the chosen (or last focused) chip, Left
/// and Right, Home and End move within, Enter or Space presses; the row scrolls sideways to the
/// chip with the focus. `choice` marks the one chosen, `toggles` each one on or off (both
/// told to screen readers as pressed), `actions` are plain buttons (hashtags to open).
/// `stacked` puts the chips one under another (Up and Down move too), so long ones are never cut
/// in a narrow window.
@MainActor
final class ChipGroup {
    enum Mode { case choice, toggles, actions }

    struct Chip: Equatable {
        var text: String
        /// What a screen reader says (the text when empty).
        var accessibleLabel: String = ""
    }

    let root = ScrolledWindow()
    private let box: Box
    private let mode: Mode
    private let stacked: Bool
    private let cssClass: String
    private var buttons: [Button] = []
    private var shown: [Chip] = []
    /// The chip that takes the Tab stop.
    private var current = 0
    private(set) var selected: Set<Int> = []
    /// A chip was pressed (its index).
    var onPress: ((Int) -> Void)?

    init(label: String, mode: Mode, cssClass: String = "hashtag-chip", stacked: Bool = false) {
        self.mode = mode
        self.cssClass = cssClass
        self.stacked = stacked
        box = Box(stacked ? .vertical : .horizontal, spacing: 6)
        if stacked {
            root.setPolicy(horizontal: false, vertical: false)
        } else {
            root.setExternalHorizontalScrolling()
        }
        root.setChild(box)
        box.setAccessibleLabel(label)
        // A row keeps room at its ends for the chips scrolled under them; a stack lines up with its title.
        if !stacked { box.setMargins(start: 10, end: 10) }
        let keys = KeyController()
        keys.onKeyPressed { [weak self] key in self?.key(key) ?? false }
        box.addController(keys)
    }

    var count: Int { buttons.count }

    /// Shows `chips`, `selected` marked; the focus stays on the same place when it can.
    func show(_ chips: [Chip], selected: Set<Int> = []) {
        if chips == shown {
            select(selected)
            return
        }
        let hadFocus = box.containsFocus
        for button in buttons { box.remove(button) }
        buttons = chips.enumerated().map { index, chip in
            let button = Button(label: chip.text)
            button.addCSSClass(cssClass)
            if stacked { button.setAlign(horizontal: .start) }
            button.setAccessibleLabel(chip.accessibleLabel.isEmpty ? chip.text : chip.accessibleLabel)
            button.onClicked { [weak self] in self?.pressed(index) }
            let focus = FocusController()
            focus.onEnter { [weak self] in self?.current = index }
            button.addController(focus)
            box.append(button)
            return button
        }
        shown = chips
        current = min(current, max(0, chips.count - 1))
        select(selected)
        if hadFocus, buttons.indices.contains(current) { buttons[current].grabFocus() }
    }

    func select(_ indices: Set<Int>) {
        selected = indices
        for (index, button) in buttons.enumerated() {
            let on = indices.contains(index)
            button.setCSSClass("selected", on)
            if mode != .actions { button.setAccessiblePressed(on) }
        }
        // Tab comes back to the chosen chip.
        if mode == .choice, let chosen = indices.min() { current = chosen }
        for (index, button) in buttons.enumerated() { button.focusable = index == current }
    }

    private func pressed(_ index: Int) {
        current = index
        switch mode {
        case .choice: select([index])
        case .toggles: select(selected.symmetricDifference([index]))
        case .actions: select(selected)
        }
        onPress?(index)
    }

    private func key(_ key: KeyPress) -> Bool {
        guard !buttons.isEmpty, key.modifiers.isEmpty else { return false }
        let target: Int
        switch key.name {
        case "Left", "KP_Left": target = max(0, current - 1)
        case "Right", "KP_Right": target = min(buttons.count - 1, current + 1)
        case "Up" where stacked, "KP_Up" where stacked: target = max(0, current - 1)
        case "Down" where stacked, "KP_Down" where stacked: target = min(buttons.count - 1, current + 1)
        case "Home", "KP_Home": target = 0
        case "End", "KP_End": target = buttons.count - 1
        default: return false
        }
        move(to: target)
        return true
    }

    private func move(to index: Int) {
        current = index
        for (i, button) in buttons.enumerated() { button.focusable = i == index }
        buttons[index].grabFocus()
        buttons[index].scrollFocusIntoView()
    }
}
