"""The table a hand is played at: its model, input, view and voice, and the rig that joins them."""
