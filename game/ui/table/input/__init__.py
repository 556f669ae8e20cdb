"""What the player does at the table: the pointer and the keys, the buttons."""
