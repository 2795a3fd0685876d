"""Reading playing cards of the shedding-game family (colour and value), beside the dice.

See docs/vision.md ("Cards"): vision.cards.reader is the API; a card set (cardset.py) is
data like a face set; the finder (finder.py) finds cards as four-cornered shapes; the
renderer (glyphs.py, design.py, scene.py) draws our own card designs.
"""
