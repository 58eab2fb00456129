/// How the app server's notification endpoint answers, and how Apple treats the answers: the
/// settings behind the faults of docs/model.md §7 ("Failures with one cause").

/// What a broken notification endpoint does with Apple's posts while it is broken.
public enum BrokenEndpointBehaviour: String, Sendable, CaseIterable {
    /// A deploy bug or a crashing handler: every post is answered 5xx, which Apple retries.
    case answers5xx
    /// A handler that rejects the payload (a schema change, a wrong shared secret): every post is
    /// answered 4xx; whether Apple retries is `apple.notificationRetriesOn4xx`.
    case answers4xx
    /// The URL is not set for production, or points at an old host that answers 200, or a handler
    /// answers 200 and drops the payload: Apple records a success (or sends nothing) and never
    /// retries.
    case dropsSilently
}

/// What the app server answers when it cannot check Apple's signature (a JWS whose certificate
/// chain or OCSP check fails).
public enum VerificationErrorAnswer: String, Sendable, CaseIterable {
    /// "Try later": a 5xx to the client and to Apple's notification post; the client keeps the
    /// transaction and Apple retries.
    case tryLater
    /// "Invalid": the client hears a verdict (designs that finish on a verdict finish and drop
    /// the purchase) and Apple's post gets a 4xx.
    case rejects
}

/// Whether Apple retries a notification the server answered with a 4xx.
public enum ClientErrorRetry: String, Sendable, CaseIterable {
    /// Apple, *Responding to App Store Server Notifications*: "Send HTTP `50x` or `40x` to have the
    /// App Store retry the notification, if the post didn't succeed."
    case retried
    /// Apple developer forums, "Apple Server Notifications Webhooks stopped retrying on HTTP 400"
    /// (March 2026): "beginning around March 12–13, it appears that Apple no longer retries the
    /// webhook when a 400 response is returned. The notification is sent only once", with Get
    /// Notification History showing one attempt.
    case notRetried
}
