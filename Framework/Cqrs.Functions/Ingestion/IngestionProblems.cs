using System.Globalization;
using FluentValidation.Results;
using Microsoft.AspNetCore.Http;

namespace Cqrs.Functions.Ingestion;

/// <summary>The problem-details responses of ingestion (RFC 9457).</summary>
internal static class IngestionProblems
{
    public static IResult UnknownCommand(string wireName) => Results.Problem(
        statusCode: StatusCodes.Status404NotFound,
        title: "Unknown command",
        detail: $"No public command is accepted under the wire name '{wireName}'.");

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

    public static IResult TooSlow(TimeSpan bodyTimeout) => Results.Problem(
        statusCode: StatusCodes.Status408RequestTimeout,
        title: "Body too slow",
        detail: $"A command body must arrive within {bodyTimeout.TotalSeconds.ToString(CultureInfo.InvariantCulture)} seconds.");

    public static IResult MalformedBody(BodyProblems problems) => Results.ValidationProblem(
        problems.ToErrors(),
        title: "Malformed body",
        detail: "The body is not one command of this wire name; each member path lists what was expected there.");

    public static IResult Invalid(IEnumerable<ValidationFailure> failures) => Results.ValidationProblem(
        failures
            .GroupBy(failure => failure.PropertyName, StringComparer.Ordinal)
            .ToDictionary(group => group.Key, group => group.Select(failure => failure.ErrorMessage).ToArray(), StringComparer.Ordinal),
        title: "The command is invalid");
}
