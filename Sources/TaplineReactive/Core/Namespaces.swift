/// Namespace for the publisher types that operators return, as in Combine.
public enum Publishers {}

/// Namespace for the built-in subscribers and their value types (`Demand`, `Completion`).
public enum Subscribers {}

/// Namespace for ready-made subscriptions.
public enum Subscriptions {}
