"""The phases of a KaTO round: what kind of input the game waits for next."""

TURN_UP = "turn_up"  # the dealer turns up the first card
COLOR = "color"  # a wild was turned up: the first player names the colour
PLAY = "play"  # a player's turn: play, or draw (and challenge a +4)
DRAWN = "drawn"  # option play_drawn: the card drawn may be played, or the turn passed
VERDICT = "verdict"  # a +4 challenged: was it a bluff?
COUNT = "count"  # the round is won: the losers lay down their hands
OVER = "over"
