import CGLibShims

/// The calling thread's CPU priority.
public enum ThreadPriority {
    /// Sets the calling thread's nice value (10: yields to the window and the players on a
    /// busy machine); the threads it starts afterwards inherit it. False if refused.
    @discardableResult
    public static func setCurrentNiceness(_ niceness: Int32) -> Bool { lf_set_thread_niceness(niceness) == 0 }
}
