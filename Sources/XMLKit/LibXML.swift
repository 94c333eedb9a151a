import CXML2

/// libxml2 sets up its global state on first use; two threads using it first at once race
/// (its documentation: call xmlInitParser before using it from several threads). Swift runs a
/// static's initializer once, whatever the thread, so every reader touches `ready` first.
enum LibXML {
    static let ready: Void = xmlInitParser()
}
