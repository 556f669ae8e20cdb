"""The pygame-ce user interface: scenes, layout, widgets, animation, input."""
