// The marks on the root elements of a frame's later piece (app/Later.tsx): which piece it is, and whether the
// app has drawn it. The server's HTML of a piece stays as it is, answering nothing, until the app draws the
// piece anew in its place; the page's first script (common/early-input-script.ts) keeps the taps made on it
// meanwhile by these marks, and app/early-input.ts makes them again on the piece drawn.
import { createContext, useContext } from 'react';
import { DRAWN_ATTRIBUTE, PIECE_ATTRIBUTE } from '../../common/early-input-script.ts';

export interface PieceState {
  /** The piece's name (app/Part.tsx's LATER). */
  name: string;
  drawn: boolean;
}

export const PieceContext = createContext<PieceState | null>(null);

/** The attributes for a piece's root element (none outside a piece). */
export function usePieceMarks(): Record<string, string> {
  const piece = useContext(PieceContext);
  if (!piece) return {};
  return piece.drawn ? { [PIECE_ATTRIBUTE]: piece.name, [DRAWN_ATTRIBUTE]: '' } : { [PIECE_ATTRIBUTE]: piece.name };
}
