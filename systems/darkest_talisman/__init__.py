"""Darkest Talisman's Discord side: /campaign, the campaign's turn message, sheets and picture."""
