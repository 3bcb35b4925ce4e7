// Each tool says what kind of effect it has; the server maps the kind to hints.
export type Effect = "query" | "change" | "erase";

export interface ShelfTool {
  name: string;
  description: string;
  effect: Effect;
  local: boolean;
}

export const shelfTools: ShelfTool[] = [
  { name: "shelf_lookup", description: "Look up a book", effect: "query", local: true },
  { name: "shelf_move", description: "Move a book to another shelf", effect: "change", local: true },
  { name: "shelf_discard", description: "Throw a book away", effect: "erase", local: false },
];
