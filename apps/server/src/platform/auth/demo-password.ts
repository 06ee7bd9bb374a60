/**
 * The demo's password, public in the README. Production knows it only to refuse it: no account may
 * keep it when the server starts with NODE_ENV=production, and nobody may choose it as a new one.
 * Meets the password rules of section 5: 8+ characters, an uppercase letter, 2 digits, '#' and '!'.
 */
export const DEMO_PASSWORD = 'Portal#2024!'
