"""The text layer: translation (``i18n``), the game's own words (``words``) and the stories of deals
(``sheet_text``). The engine gives templates and values; only this package turns them into sentences."""
