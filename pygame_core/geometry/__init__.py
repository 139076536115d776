"""Pure coordinate maths for the boards (no rules, no drawing except layout helpers)."""
