package io.jpraxis.ai.overlay;

/**
 * {@code expected_overlay_scope}: the envelope scope an operator pins; each field null when not
 * pinned. With any of it set, a legacy overlay (which has no scope) is refused (see
 * docs/behaviour/overlay.md#format-detection).
 */
public record ExpectedOverlayScope(String network, String gateway, String namespace, String localSite) {
}
