// The New game form's seat value for "A friend (by link)" (panels/friends.js plays such games).
export const FRIEND_SEAT = "friend";
