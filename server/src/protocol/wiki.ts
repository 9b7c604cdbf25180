// The public BDFD wiki: the base of every link the server makes, and so the only place the
// client opens links on.

export const WIKI_BASE = 'https://wiki.botdesignerdiscord.com/';
