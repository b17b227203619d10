/** Limits of the cuisine forms (spec section 5), as the server enforces them. */
export const MAX_SORT = 999_999;
export const MAX_SPEC_GROUPS = 20;
export const MAX_SPEC_OPTIONS = 50;
export const MAX_IMAGES = 9;
export const BEST_IMAGE_SIZE = 580;
