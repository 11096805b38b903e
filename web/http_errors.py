"""The HTTP service's one error shape: every failure becomes `{"error": {"code", "message"}}`
with the status docs/api.md gives it; domain errors map to codes here."""

from __future__ import annotations

import logging
import math
import unicodedata

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from core.errors import (
    ConfigError,
    DuocthuError,
    RetrievalIndexError,
    StateStoreError,
    TurnInProgress,
    VersionConflict,
)

# Failures are logged under the service's logger name, as they were when this lived there.
log = logging.getLogger("duocthu.server")

MESSAGES = {
    "bad_request": "Yêu cầu không hợp lệ.",
    "not_found": "Không tìm thấy cuộc trò chuyện.",
    "method_not_allowed": "Phương thức không được hỗ trợ.",
    "turn_in_progress": "Câu hỏi trước vẫn đang được xử lý, vui lòng thử lại sau giây lát.",
    "payload_too_large": "Nội dung gửi lên quá lớn.",
    "validation_error": "Dữ liệu gửi lên không hợp lệ.",
    "idempotency_key_reused": "Mã idempotency_key này đã dùng cho một câu hỏi khác.",
    "request_timeout": "Nội dung gửi lên đến quá chậm.",
    "rate_limited": "Bạn gửi quá nhanh, vui lòng thử lại sau.",
    "state_store_unavailable": "Kho hội thoại tạm thời không dùng được; câu hỏi chưa được xử lý.",
    "index_unavailable": "Chỉ mục dược thư tạm thời không dùng được.",
    "overloaded": "Máy chủ đang quá tải, vui lòng thử lại sau.",
    "internal_error": "Lỗi máy chủ.",
}


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        code: str,
        message: str = "",
        retry_after: int = 0,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(code)
        self.status, self.code = status, code
        self.headers = dict(headers or {})
        if retry_after:
            self.headers["Retry-After"] = str(retry_after)
        self.message = message or MESSAGES.get(code, MESSAGES["internal_error"])


def error_response(
    status: int, code: str, message: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    body = {"error": {"code": code, "message": unicodedata.normalize("NFC", message)}}
    return JSONResponse(body, status_code=status, headers=headers)


_STATUS_BY_CODE = {
    "bad_request": 400,
    "not_found": 404,
    "turn_in_progress": 409,
    "payload_too_large": 413,
    "validation_error": 422,
    "idempotency_key_reused": 422,
    "request_timeout": 408,
    "rate_limited": 429,
    "state_store_unavailable": 503,
    "index_unavailable": 503,
    "overloaded": 503,
}


def as_api_error(exc: Exception) -> ApiError:
    if isinstance(exc, ApiError):
        return exc
    if isinstance(exc, TurnInProgress):
        return ApiError(409, "turn_in_progress", retry_after=max(1, math.ceil(exc.retry_after)))
    if isinstance(exc, VersionConflict):
        return ApiError(409, "turn_in_progress", retry_after=1)
    if isinstance(exc, DuocthuError) and exc.code in _STATUS_BY_CODE:
        return ApiError(_STATUS_BY_CODE[exc.code], exc.code)
    if isinstance(exc, StateStoreError):
        return ApiError(503, "state_store_unavailable")
    if isinstance(exc, RetrievalIndexError):
        return ApiError(503, "index_unavailable")
    if isinstance(exc, ConfigError):
        return ApiError(400, "bad_request")
    if isinstance(exc, HTTPException):
        codes = {404: "not_found", 405: "method_not_allowed", 413: "payload_too_large"}
        code = codes.get(exc.status_code, "bad_request")
        message = "Không tìm thấy." if exc.status_code == 404 else ""
        return ApiError(exc.status_code, code, message, headers=dict(exc.headers or {}))
    return ApiError(500, "internal_error")


async def handle_error(request: Request, exc: Exception) -> Response:
    """The one error handler: every failure becomes `{"error": {"code", "message"}}`."""
    err = as_api_error(exc)
    metrics = request.scope.get("state", {}).get("metrics")
    if metrics is not None:
        metrics.request_failed(exc)
    if err.status >= 500:
        log.warning(
            "request_failed", extra={"fields": {"code": err.code, "type": type(exc).__name__}}
        )
    return error_response(err.status, err.code, err.message, err.headers)


__all__ = ["MESSAGES", "ApiError", "as_api_error", "error_response", "handle_error"]
