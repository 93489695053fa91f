"""Card-language terms that read the board and the turn so far: a unit's power as the battle reads it,
its column and names, the damage zone's face-up cards, the open circles, what this turn recorded.

They are conditions, filters and counts like those of `language/`, registered in the same registry;
kept in their own folder because they read state the rules keep elsewhere (battle power, the turn's
record in `runtime/abstate`), not the card text alone.
"""
