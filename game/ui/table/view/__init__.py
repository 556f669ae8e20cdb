"""Drawing the table: the felt and cards, the side panel, labels, marks and banners."""
