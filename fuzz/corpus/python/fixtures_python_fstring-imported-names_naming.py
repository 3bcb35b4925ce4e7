AREA = "greenhouse"


class Verbs:
    LIST = "list"
    VENT = "vent"
