DESTRUCTIVE_HINT = "destructiveHint"
