/**
 * The open picture's address on a gallery's own page (issue 32, 'the viewer is a place'): `/photography?picture=<id>`.
 * A module of its own, free of imports: the first chunk's galleries read it, and the gallery schemas load later.
 */
export const PICTURE_PARAM = 'picture';

/** An address naming a picture this visitor may not see (private, hidden or gone): nothing opens, this notice shows. */
export const PICTURE_UNAVAILABLE = 'That picture is private or no longer exists.';
