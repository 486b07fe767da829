using FluentValidation.Results;
using Microsoft.AspNetCore.Http;

namespace Cqrs.Functions.Ingestion;

/// <summary>The problem-details responses of ingestion (RFC 9457).</summary>
internal static class IngestionProblems
{
    public static IResult UnknownCommand(string wireName) => Results.Problem(
        statusCode: StatusCodes.Status404NotFound,
        title: "Unknown command",
        detail: $"No command is accepted under the wire name '{wireName}'.");

    public static IResult UnsupportedMediaType(bool messagePackAccepted) => Results.Problem(
        statusCode: StatusCodes.Status415UnsupportedMediaType,
        title: "Unsupported media type",
        detail: messagePackAccepted
            ? $"Send the command as {IngestionContentTypes.Json} or {IngestionContentTypes.MessagePack}."
            : $"Send the command as {IngestionContentTypes.Json}.");

    public static IResult TooLarge(int maxBodyBytes) => Results.Problem(
        statusCode: StatusCodes.Status413PayloadTooLarge,
        title: "Body too large",
        detail: $"A command body may hold at most {maxBodyBytes} bytes.");

    public static IResult MalformedBody(string reason) => Results.Problem(
        statusCode: StatusCodes.Status400BadRequest,
        title: "Malformed body",
        detail: reason);

    public static IResult Invalid(IEnumerable<ValidationFailure> failures) => Results.ValidationProblem(
        failures
            .GroupBy(failure => failure.PropertyName, StringComparer.Ordinal)
            .ToDictionary(group => group.Key, group => group.Select(failure => failure.ErrorMessage).ToArray(), StringComparer.Ordinal),
        title: "The command is invalid");
}
