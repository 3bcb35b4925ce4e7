from pydantic import BaseModel


class Scope(BaseModel):
    namespace: str


class PurgeRequest(Scope):
    confirm: bool = False


class PurgeAllRequest(Scope):
    reason: str = ""
